/**
 * A small adb server for the tests, speaking adb's host protocol over TCP as the real one does: each request a
 * 4-hex-digit length and its text (`host:version`, `host:devices-l`, `host:transport:<serial>`, `shell:<command>`,
 * `sync:`), answered `OKAY` (with a length-prefixed payload for host queries, the raw output for a shell) or `FAIL`
 * and a length-prefixed reason; `sync:` then speaks the sync protocol (`SEND`, `DATA`, `DONE` → `OKAY`). It keeps
 * what a device received, so a test sees the package installed and uninstalled. Never part of the product.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface FakeDevice {
  serial: string;
  state: 'device' | 'offline' | 'unauthorized';
  model: string;
  /** Files pushed to the device, by path. */
  files: Map<string, Buffer>;
  /** Packages installed (by `pm install`, from a pushed file), and every shell command run, in order. */
  installed: string[];
  commands: string[];
  /** What the monkey prints (default: a finished run). */
  monkeyOutput: string;
  /** Milliseconds the monkey takes. */
  monkeyMs: number;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
const payload = (text: string | Buffer) => {
  const b = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return Buffer.concat([Buffer.from(hex4(b.length)), b]);
};
const okay = (s: Socket, text?: string) => s.write(text === undefined ? 'OKAY' : Buffer.concat([Buffer.from('OKAY'), payload(text)]));
const fail = (s: Socket, reason: string) => s.end(Buffer.concat([Buffer.from('FAIL'), payload(reason)]));

/** A PNG's signature and a few bytes: what `screencap -p` prints. */
export const SCREEN = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('fake screen')]);

export function fakeDevice(serial: string, over: Partial<FakeDevice> = {}): FakeDevice {
  return { serial, state: 'device', model: 'Pixel_7', files: new Map(), installed: [], commands: [], monkeyOutput: ':Monkey: seed=1 count=50\nEvents injected: 50\n// Monkey finished\n', monkeyMs: 0, ...over };
}

export interface FakeAdb {
  port: number;
  devices: FakeDevice[];
  close: () => Promise<void>;
}

/** The output of a shell command on a device, acting on its state as the device would. */
async function shell(d: FakeDevice, command: string): Promise<Buffer> {
  d.commands.push(command);
  const install = /^pm install -r "?([^"]+)"?$/.exec(command);
  if (install) {
    const apk = d.files.get(install[1]);
    if (!apk) return Buffer.from('Failure [INSTALL_FAILED_INVALID_URI]\n');
    d.installed.push(install[1]);
    return Buffer.from('Success\n');
  }
  const uninstall = /^pm uninstall (\S+)$/.exec(command);
  if (uninstall) {
    d.installed = d.installed.slice(1);
    return Buffer.from('Success\n');
  }
  if (/^monkey .* -v \d+$/.test(command)) {
    await new Promise((r) => setTimeout(r, d.monkeyMs));
    return Buffer.from(d.monkeyOutput);
  }
  if (command.startsWith('logcat -d')) return Buffer.from('11-26 10:00:00.000 I/ActivityManager( 100): Start proc com.example.devicegame\n');
  if (command === 'screencap -p') return SCREEN;
  return Buffer.alloc(0);
}

/** The sync protocol after `sync:`: a file sent in DATA chunks, kept on DONE. */
function syncSession(s: Socket, d: FakeDevice, first: Buffer) {
  let buf = first;
  let path = '';
  const chunks: Buffer[] = [];
  const step = () => {
    while (buf.length >= 8) {
      const id = buf.subarray(0, 4).toString('ascii');
      const len = buf.readUInt32LE(4);
      if (id === 'DONE') {
        buf = buf.subarray(8);
        d.files.set(path, Buffer.concat(chunks));
        s.write(Buffer.concat([Buffer.from('OKAY'), Buffer.alloc(4)]));
        continue;
      }
      if (id === 'QUIT') return s.end();
      if (buf.length < 8 + len) return;
      const body = buf.subarray(8, 8 + len);
      buf = buf.subarray(8 + len);
      if (id === 'SEND') path = body.toString('utf8').split(',')[0];
      else if (id === 'DATA') chunks.push(Buffer.from(body));
      else return fail(s, `unexpected sync request ${id}`);
    }
  };
  s.on('data', (more: Buffer) => {
    buf = Buffer.concat([buf, more]);
    step();
  });
  step();
}

export async function startFakeAdb(devices: FakeDevice[]): Promise<FakeAdb> {
  const server = createServer((s) => {
    let buf = Buffer.alloc(0);
    let device: FakeDevice | undefined;
    const onData = (more: Buffer) => {
      buf = Buffer.concat([buf, more]);
      while (buf.length >= 4) {
        const len = parseInt(buf.subarray(0, 4).toString('ascii'), 16);
        if (buf.length < 4 + len) return;
        const request = buf.subarray(4, 4 + len).toString('utf8');
        buf = buf.subarray(4 + len);
        if (request === 'host:version') return void s.end(Buffer.concat([Buffer.from('OKAY'), payload(hex4(41))]));
        if (request === 'host:devices' || request === 'host:devices-l') {
          const lines = devices.map((d) => (request === 'host:devices' ? `${d.serial}\t${d.state}\n` : `${d.serial}\t${d.state} usb:1-1 product:x model:${d.model} device:x transport_id:1\n`));
          return void s.end(Buffer.concat([Buffer.from('OKAY'), payload(lines.join(''))]));
        }
        const transport = /^host:transport:(.+)$/.exec(request);
        if (transport) {
          device = devices.find((d) => d.serial === transport[1]);
          if (!device) return void fail(s, `device '${transport[1]}' not found`);
          okay(s);
          continue;
        }
        if (!device) return void fail(s, 'no device selected');
        if (request.startsWith('shell:')) {
          const d = device;
          okay(s);
          s.off('data', onData);
          void shell(d, request.slice('shell:'.length)).then((out) => s.end(out));
          return;
        }
        if (request === 'sync:') {
          okay(s);
          s.off('data', onData);
          return syncSession(s, device, buf);
        }
        return void fail(s, `unknown request ${request}`);
      }
    };
    s.on('data', onData);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, devices, close: () => new Promise((r) => server.close(() => r())) };
}
