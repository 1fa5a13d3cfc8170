/**
 * PostgreSQL databases Lodestar serves itself, with nothing configured: each database is a PGlite database in its
 * own directory of the data directory, served over the PostgreSQL wire protocol by `@electric-sql/pglite-socket` on
 * a private Unix socket. One front door listens on the shown port (STORAGE_POSTGRESQL_PORT, 5433 by default): it
 * reads a client's startup packet, asks for the password (MD5), checks the user and password against the database
 * the packet names, holds the user's connection limit, and only then joins the client to that database's socket.
 * A database is opened on its first connection and closed a while after its last one ends.
 */
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { askPassword, md5Answer, MessageReader, readStartup, refuse } from './pg-wire';
import type { Figures } from './metrics-read';
import { statementCounter } from './metrics-wire';

/** What the front door needs to know of a database to let a client in. */
export interface EmbeddedTarget {
  id: string;
  user: string;
  password: string;
  maxConnections: number;
}

export type TargetLookup = (databaseName: string) => Promise<EmbeddedTarget | undefined>;

interface Instance {
  db: PGlite;
  server: PGLiteSocketServer;
  path: string;
}

/** How long a database with no connection stays open. */
const IDLE_MS = 30_000;
/** How long a client has to sign in. */
const SIGN_IN_MS = 10_000;

export class EmbeddedPostgres {
  private front?: Promise<{ server: Server; port: number }>;
  private socketDir?: Promise<string>;
  private readonly instances = new Map<string, Promise<Instance>>();
  private readonly clients = new Map<string, Set<Socket>>();
  private readonly idle = new Map<string, NodeJS.Timeout>();
  /**
   * Databases being replaced by a restore, each with the end of its replacement: no client is let in meanwhile, and
   * whatever opens the database (a metrics sample, a backup) waits for the new one rather than opening a second
   * PGlite on the directory being filled, whose stale view would then serve the clients.
   */
  private readonly replacing = new Map<string, Promise<void>>();
  /** The statements each database's clients sent through the front door since this server started. */
  private readonly statements = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly root: string,
    private readonly listen: { host: string; port: number },
    private readonly lookup: TargetLookup,
  ) {}

  /** The port the front door listens on (started on first use; another free port when the configured one is taken). */
  async port(): Promise<number> {
    this.front ??= this.startFront();
    return (await this.front).port;
  }

  /** Makes the database's directory (a new PGlite cluster) and checks it answers. */
  async create(id: string): Promise<void> {
    const instance = await this.open(id);
    await instance.db.query('SELECT 1');
    this.maybeIdle(id);
  }

  /** The database's figures: its sessions and statements at the front door, its size from its own catalog. */
  async figures(id: string): Promise<Figures> {
    const instance = await this.open(id);
    try {
      const { rows } = await instance.db.query<{ size: string }>('SELECT pg_database_size(current_database())::text AS size');
      return { connections: this.clients.get(id)?.size ?? 0, sizeBytes: Number(rows[0].size), operationsTotal: this.statements.get(id) ?? 0 };
    } finally {
      this.maybeIdle(id);
    }
  }

  /** Ends every session of the database (its clients' connections closed). */
  endSessions(id: string): number {
    const live = [...(this.clients.get(id) ?? [])];
    for (const socket of live) socket.destroy();
    return live.length;
  }

  /** A copy of the database as its committed work stands now (PGlite's clone), which a backup reads undisturbed. */
  async snapshot(id: string): Promise<PGlite> {
    const instance = await this.open(id);
    try {
      // A checkpoint first, so the copy starts from it rather than replaying the log (a replay would move each
      // sequence on by the values PostgreSQL logs ahead).
      await instance.db.exec('CHECKPOINT');
      return (await instance.db.clone()) as PGlite;
    } finally {
      this.maybeIdle(id);
    }
  }

  /**
   * Replaces the database by a new one that `fill` makes (a restore): its sessions are ended and clients refused
   * until it is done; the old directory is put back when `fill` fails.
   */
  async replace(id: string, fill: (db: PGlite) => Promise<void>): Promise<void> {
    let replaced!: () => void;
    this.replacing.set(id, new Promise<void>((resolve) => (replaced = resolve)));
    try {
      this.endSessions(id);
      await this.shut(id);
      const dir = this.dirOf(id);
      const aside = `${dir}.replaced`;
      await rm(aside, { recursive: true, force: true });
      await rename(dir, aside);
      try {
        const db = await PGlite.create(dir);
        try {
          await fill(db);
        } finally {
          await db.close();
        }
      } catch (e) {
        await rm(dir, { recursive: true, force: true });
        await rename(aside, dir);
        throw e;
      }
      await rm(aside, { recursive: true, force: true });
    } finally {
      this.replacing.delete(id);
      replaced();
    }
  }

  /** Ends the sessions, closes the database and removes its directory. */
  async drop(id: string): Promise<void> {
    this.endSessions(id);
    await this.shut(id);
    await rm(this.dirOf(id), { recursive: true, force: true });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const id of this.clients.keys()) this.endSessions(id);
    for (const timer of this.idle.values()) clearTimeout(timer);
    await Promise.all([...this.instances.keys()].map((id) => this.shut(id)));
    if (this.front) {
      const { server } = await this.front;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    if (this.socketDir) await rm(await this.socketDir, { recursive: true, force: true });
  }

  private dirOf(id: string): string {
    return join(this.root, id);
  }

  private async startFront(): Promise<{ server: Server; port: number }> {
    const server = createServer((socket) => void this.welcome(socket));
    const listenOn = (port: number) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, this.listen.host, () => {
          server.off('error', reject);
          resolve((server.address() as { port: number }).port);
        });
      });
    try {
      return { server, port: await listenOn(this.listen.port) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || this.listen.port === 0) throw e;
      console.warn(`storage: port ${this.listen.port} is taken; embedded PostgreSQL databases listen on another port`);
      return { server, port: await listenOn(0) };
    }
  }

  /** One client: signed in against the database its startup names, then joined to that database. */
  private async welcome(client: Socket): Promise<void> {
    client.setNoDelay(true);
    client.on('error', () => client.destroy());
    const timer = setTimeout(() => client.destroy(), SIGN_IN_MS);
    const reader = new MessageReader(client);
    try {
      const startup = await readStartup(client, reader);
      if (!startup) return void client.end();
      const user = startup.params.user ?? '';
      const target = await this.lookup(startup.params.database ?? user);
      const { salt, answer } = await askPassword(client, reader);
      const expected = md5Answer(user, target?.password ?? '', salt);
      if (!target || target.user !== user || !sameText(answer, expected)) {
        return refuse(client, '28P01', `password authentication failed for user "${user}"`);
      }
      const live = this.clients.get(target.id) ?? new Set<Socket>();
      if (live.size >= target.maxConnections) return refuse(client, '53300', `too many connections for role "${user}"`);
      if (this.closed) return refuse(client, '57P01', 'the database server is shutting down');
      if (this.replacing.has(target.id)) return refuse(client, '57P03', 'the database is being restored from a backup');
      live.add(client);
      this.clients.set(target.id, live);
      clearTimeout(this.idle.get(target.id));
      client.on('close', () => {
        live.delete(client);
        this.maybeIdle(target.id);
      });
      const instance = await this.open(target.id);
      const rest = reader.release();
      const backend = connect(instance.path);
      backend.on('error', () => client.destroy());
      backend.on('close', () => client.destroy());
      client.on('close', () => backend.destroy());
      backend.write(startup.raw);
      const counter = statementCounter((n) => this.statements.set(target.id, (this.statements.get(target.id) ?? 0) + n));
      counter.pipe(backend);
      if (rest.length) counter.write(rest);
      client.pipe(counter);
      backend.pipe(client);
      client.resume();
    } catch {
      client.destroy();
    } finally {
      clearTimeout(timer);
    }
  }

  private open(id: string): Promise<Instance> {
    const pending = this.replacing.get(id);
    if (pending) return pending.then(() => this.open(id));
    let instance = this.instances.get(id);
    if (!instance) {
      instance = this.start(id);
      this.instances.set(id, instance);
      instance.catch(() => this.instances.delete(id));
    }
    return instance;
  }

  private async start(id: string): Promise<Instance> {
    this.socketDir ??= mkdtemp(join(tmpdir(), 'lodestar-pg-'));
    const path = join(await this.socketDir, `${id.replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}.sock`);
    await mkdir(this.root, { recursive: true });
    const db = await PGlite.create(this.dirOf(id));
    const server = new PGLiteSocketServer({ db, path, maxConnections: 10_000 });
    await server.start();
    return { db, server, path };
  }

  private maybeIdle(id: string): void {
    if (this.closed || (this.clients.get(id)?.size ?? 0) > 0) return;
    clearTimeout(this.idle.get(id));
    const timer = setTimeout(() => void this.shut(id), IDLE_MS);
    timer.unref();
    this.idle.set(id, timer);
  }

  private async shut(id: string): Promise<void> {
    clearTimeout(this.idle.get(id));
    this.idle.delete(id);
    const instance = this.instances.get(id);
    if (!instance) return;
    this.instances.delete(id);
    const { db, server } = await instance.catch(() => ({ db: undefined, server: undefined }));
    await server?.stop();
    await db?.close();
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
