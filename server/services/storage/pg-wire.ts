/**
 * The few messages of the PostgreSQL wire protocol (version 3) the embedded databases' front door speaks before it
 * hands a connection to the database: the startup packet (after refusing TLS and GSS encryption requests), the MD5
 * password challenge and its answer, and the errors it refuses with.
 * https://www.postgresql.org/docs/current/protocol-message-formats.html
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** The longest startup packet or password message taken (a client's parameters are a few hundred bytes). */
const MAX_MESSAGE = 10_000;

/** Reads whole messages from a socket as they arrive; `take` waits for the next `n` bytes. */
export class MessageReader {
  private buffered = Buffer.alloc(0);
  private waiting?: () => void;
  private ended = false;
  private readonly onData = (chunk: Buffer) => {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    this.waiting?.();
  };
  private readonly onEnd = () => {
    this.ended = true;
    this.waiting?.();
  };

  constructor(private readonly socket: Socket) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
  }

  async take(n: number): Promise<Buffer> {
    while (this.buffered.length < n) {
      if (this.ended) throw new Error('the client went away');
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = undefined;
    }
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(n);
    return out;
  }

  /** Stops reading; answers what arrived beyond the messages taken. */
  release(): Buffer {
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.pause();
    return this.buffered;
  }
}

export interface Startup {
  /** The startup packet as sent, to be handed on. */
  raw: Buffer;
  params: Record<string, string>;
}

/** The client's startup packet; TLS and GSS requests are answered "no" first. Undefined for a cancel request. */
export async function readStartup(socket: Socket, reader: MessageReader): Promise<Startup | undefined> {
  for (;;) {
    const head = await reader.take(8);
    const length = head.readInt32BE(0);
    const code = head.readInt32BE(4);
    if (length < 8 || length > MAX_MESSAGE) throw new Error('a malformed startup packet');
    const rest = await reader.take(length - 8);
    if (code === SSL_REQUEST || code === GSS_REQUEST) {
      socket.write('N');
      continue;
    }
    if (code === CANCEL_REQUEST) return undefined;
    if (code !== PROTOCOL_3) throw new Error('an unsupported protocol version');
    const parts = rest.toString('utf8').split('\0');
    const params: Record<string, string> = {};
    for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i]) params[parts[i]] = parts[i + 1];
    return { raw: Buffer.concat([head, rest]), params };
  }
}

const md5 = (s: string | Buffer) => createHash('md5').update(s).digest('hex');

/** The answer a client that knows the password sends to an MD5 challenge with `salt`. */
export const md5Answer = (user: string, password: string, salt: Buffer) => `md5${md5(Buffer.concat([Buffer.from(md5(password + user)), salt]))}`;

/** Asks the client for its password (MD5 with a fresh salt) and answers what it sent. */
export async function askPassword(socket: Socket, reader: MessageReader): Promise<{ salt: Buffer; answer: string }> {
  const salt = randomBytes(4);
  const request = Buffer.alloc(13);
  request.write('R', 0);
  request.writeInt32BE(12, 1);
  request.writeInt32BE(5, 5);
  salt.copy(request, 9);
  socket.write(request);
  const head = await reader.take(5);
  const length = head.readInt32BE(1);
  if (head[0] !== 0x70 || length < 5 || length > MAX_MESSAGE) throw new Error('a malformed password message');
  const body = await reader.take(length - 4);
  return { salt, answer: body.toString('utf8').replace(/\0$/, '') };
}

/** An ErrorResponse with severity FATAL, then the connection closed. */
export function refuse(socket: Socket, sqlState: string, message: string): void {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${sqlState}\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  socket.end(Buffer.concat([head, fields]));
}
