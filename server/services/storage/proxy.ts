/**
 * Proxy addresses (`POST /databases/{id}/create-proxy`, `release-proxy`): for a running database, a TCP listener on a
 * free port of the operator's range (STORAGE_PROXY_PORTS, `first-last`, 15432-15531 by default) on the address the
 * server listens on, forwarding every connection to the database's server (the configured server's address, or the
 * embedded server's front door), shown as STORAGE_PUBLIC_HOST and the port. The client signs in through it as it
 * would directly; a PostgreSQL client only to the database's own name. Released, the port closes and the connections through it end; a deleted database's proxy goes with
 * it. The proxies recorded on databases are opened again when the server starts.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { conflict } from '../../engine/errors';
import type { Data } from '../../engine/store';
import { configuredOf } from './databases';
import type { DatabasesChanged } from './metrics-sample';
import { MessageReader, readStartup, refuse } from './pg-wire';
import { databasesOf, runtimeOf } from './runtime';

const DEFAULT_RANGE = '15432-15531';
/** How long a PostgreSQL client has to send its startup packet. */
const SIGN_IN_MS = 10_000;

interface Open {
  server: Server;
  port: number;
  sockets: Set<Socket>;
}

/** The ports of the range (STORAGE_PROXY_PORTS). */
export function proxyPorts(env: NodeJS.ProcessEnv): number[] {
  const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(env.STORAGE_PROXY_PORTS || DEFAULT_RANGE);
  const [first, last] = m ? [Number(m[1]), Number(m[2])] : [0, -1];
  if (!m || first < 1 || last > 65535 || last < first) throw new Error(`STORAGE_PROXY_PORTS must be a range of ports such as ${DEFAULT_RANGE}`);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

const listenHost = (ctx: Ctx) => (['0.0.0.0', '::'].includes(ctx.config.host) ? '127.0.0.1' : ctx.config.host);

class Proxies {
  private readonly open = new Map<string, Open>();

  constructor(private readonly ctx: Ctx) {}

  /** Where the database's server takes connections, as this server reaches it. */
  private async target(db: Data): Promise<{ host: string; port: number }> {
    const configured = configuredOf(this.ctx, db);
    if (configured) return { host: configured.host, port: configured.port };
    return { host: listenHost(this.ctx), port: await runtimeOf(this.ctx).servers.embedded.port() };
  }

  /** Listens on the first port of the range that is free (or on `port`), forwarding to the database's server. */
  async start(db: Data, taken: Set<number>, port?: number): Promise<number> {
    const id = String(db.id);
    const target = await this.target(db);
    const sockets = new Set<Socket>();
    const server = createServer((client) => void this.forward(client, db, target, sockets));
    for (const candidate of port ? [port] : proxyPorts(this.ctx.config.env).filter((p) => !taken.has(p))) {
      const bound = await new Promise<boolean>((resolve) => {
        const failed = () => resolve(false);
        server.once('error', failed);
        server.listen(candidate, this.ctx.config.host, () => {
          server.off('error', failed);
          resolve(true);
        });
      });
      if (bound) {
        this.open.set(id, { server, port: candidate, sockets });
        return candidate;
      }
    }
    throw conflict('INVALID_TRANSITION', 'no port of the proxy range is free');
  }

  /**
   * One connection through the proxy: for PostgreSQL, only to the database's own name (read from the client's startup
   * packet, which is handed on); then both ways byte for byte. MySQL and Redis sign-ins are left to their server,
   * whose grants and ACLs hold the user to its database.
   */
  private async forward(client: Socket, db: Data, target: { host: string; port: number }, sockets: Set<Socket>): Promise<void> {
    sockets.add(client);
    client.on('error', () => client.destroy());
    client.on('close', () => sockets.delete(client));
    let first: Buffer[] = [];
    if (db.engine === 'postgresql') {
      const reader = new MessageReader(client);
      const timer = setTimeout(() => client.destroy(), SIGN_IN_MS);
      try {
        const startup = await readStartup(client, reader);
        if (!startup) return void client.end();
        const name = startup.params.database ?? startup.params.user ?? '';
        if (name !== db.databaseName) return refuse(client, '3D000', `database "${name}" is not reached through this address`);
        first = [startup.raw, reader.release()];
      } catch {
        return void client.destroy();
      } finally {
        clearTimeout(timer);
      }
    }
    const upstream = connect(target);
    sockets.add(upstream);
    upstream.on('error', () => upstream.destroy());
    upstream.on('close', () => (sockets.delete(upstream), client.destroy()));
    client.on('close', () => upstream.destroy());
    for (const chunk of first) if (chunk.length) upstream.write(chunk);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  }

  isOpen(id: string): boolean {
    return this.open.has(id);
  }

  async stop(id: string): Promise<void> {
    const open = this.open.get(id);
    if (!open) return;
    this.open.delete(id);
    for (const s of open.sockets) s.destroy();
    await new Promise<void>((resolve) => open.server.close(() => resolve()));
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((id) => this.stop(id)));
  }
}

const proxies = new WeakMap<Ctx, Proxies>();
export function proxiesOf(ctx: Ctx): Proxies {
  let p = proxies.get(ctx);
  if (!p) proxies.set(ctx, (p = new Proxies(ctx)));
  return p;
}

/** The ports the databases' records hold (every app's). */
async function heldPorts(ctx: Ctx): Promise<Set<number>> {
  const all = await databasesOf(ctx).findEverywhere({ where: { proxyPort: { $gte: 1 } } });
  return new Set(all.map(({ record }) => Number(record.proxyPort)));
}

export function proxyCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'databases.createProxy': async (call) => {
      const db = call.record!;
      const id = String(db.id);
      if (db.status !== 'running') throw conflict('INVALID_TRANSITION', 'only a running database can do this');
      if (db.proxyPort && proxiesOf(ctx).isOpen(id)) return db;
      const port = await proxiesOf(ctx).start(db, await heldPorts(ctx));
      const proxyHost = runtimeOf(ctx).servers.publicHost;
      try {
        return await databasesOf(ctx).updateOne(call.scopeId, id, { set: { proxyHost, proxyPort: port } }, { from: ['running'], refused: 'only a running database can do this' });
      } catch (e) {
        await proxiesOf(ctx).stop(id);
        throw e;
      }
    },
    'databases.releaseProxy': async (call) => {
      const id = String(call.record!.id);
      if (!call.record!.proxyPort) throw conflict('INVALID_TRANSITION', 'the database has no proxy address');
      await proxiesOf(ctx).stop(id);
      return databasesOf(ctx).updateOne(call.scopeId, id, { unset: ['proxyHost', 'proxyPort'] });
    },
  };
}

/** Opens again the proxies the databases' records hold (at start-up); one whose port is taken is dropped from its record. */
export async function reopenProxies(ctx: Ctx): Promise<void> {
  const held = await databasesOf(ctx).findEverywhere({ where: { proxyPort: { $gte: 1 } } });
  for (const { scopeId, record } of held) {
    try {
      await proxiesOf(ctx).start(record, new Set(), Number(record.proxyPort));
    } catch {
      console.warn(`storage: the proxy port ${String(record.proxyPort)} of database ${String(record.id)} is taken; its proxy address is released`);
      await databasesOf(ctx).updateOne(scopeId, String(record.id), { unset: ['proxyHost', 'proxyPort'] });
    }
  }
}

/** A deleted database's proxy is closed with it. */
export const closeDeletedProxies: DatabasesChanged = async ({ ctx, scopeId, ids }) => {
  for (const id of ids) if (!(await databasesOf(ctx).maybe(scopeId, id))) await proxiesOf(ctx).stop(id);
};
