import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { func } from '../../resources/func';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { basicOf, serviceRequest, startHarness, type Harness } from './harness';

export interface FuncHarness extends Harness {
  appId: string;
  fn: Harness['svc'];
  /** Another app's credential, with the service enabled too. */
  other: Harness['svc'];
  base: string;
  upload: (functionId: string, bytes: Uint8Array, query: Record<string, string>, type?: string) => ReturnType<Harness['req']>;
}

/** A server whose function servers run as child processes on ports 17500-17549, its files in a scratch directory. */
export async function startFunc(label: string, env: Record<string, string> = {}): Promise<FuncHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), `lodestar-func-${label}-`));
  const h = await startHarness({ env: { DATA_DIR: dataDir, FUNC_PORT_RANGE: '17500-17549', FUNC_STOP_GRACE_MS: '1000', ...env } });
  const owner = await createAccount(h.db, { email: `${label}@example.com`, password: 'func-password', name: 'Func' });
  const org = await createOrganization(h.db, `${label} studio`, owner);
  const credential = async (name: string) => {
    const appId = await createApp(h.db, org, name, [func.name]);
    const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [appId])).rows[0].app_service_secret;
    return { appId, basic: basicOf(appId, secret) };
  };
  const mine = await credential(`${label} game`);
  const theirs = await credential(`${label} other game`);
  const close = h.close;
  return {
    ...h,
    appId: mine.appId,
    fn: serviceRequest(h.req, mine.basic),
    other: serviceRequest(h.req, theirs.basic),
    base: func.base,
    upload: (functionId, bytes, query, type = 'application/zip') =>
      h.req({ method: 'PUT', url: `${func.base}/func/functions/${functionId}/code?${new URLSearchParams(query)}`, payload: Buffer.from(bytes), headers: { authorization: mine.basic, 'content-type': type } }),
    close: async () => {
      await close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The example echo server of the repository, zipped as a user would upload it, beside `players.mjs`: the echo server
 * that also reports each line `JOIN <id>` / `LEAVE <id>` it receives as a player connect / disconnect and `TAG k=v`
 * as a SetLabel, through the SDK.
 */
export async function funcArchive(): Promise<Uint8Array> {
  const server = await readFile(new URL('../../examples/multiverse-echo/server.mjs', import.meta.url));
  const players = await readFile(new URL('../../examples/func-players/server.mjs', import.meta.url));
  const text = (t: string) => new TextEncoder().encode(t);
  return zipSync({
    'server.mjs': new Uint8Array(server),
    'players.mjs': new Uint8Array(players),
    // burn.mjs: the players server that also keeps about nine tenths of a core busy.
    'burn.mjs': text("import './players.mjs';\nsetInterval(() => { const end = Date.now() + 90; while (Date.now() < end); }, 100);\n"),
  });
}

/** One TCP connection to a server: each `say` sends a line and answers the reply line. */
export function lineClient(port: number) {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      waiting.shift()?.(line);
    }
  });
  return {
    say: (text: string) => new Promise<string>((resolve) => {
      waiting.push(resolve);
      socket.write(`${text}\n`);
    }),
    close: () => socket.destroy(),
  };
}

