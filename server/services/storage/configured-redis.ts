/**
 * Redis databases on a server the operator configured (STORAGE_REDIS_URL, or the region's entry in
 * STORAGE_REDIS_REGION_URLS): each database is an ACL user limited to its key prefix (`<database name>:`) and the
 * pub/sub channels of that prefix, with every command but the administrative and dangerous ones and those that reach
 * past a prefix (SCAN and RANDOMKEY list other users' key names, SELECT and MOVE other logical databases, FUNCTION
 * is shared by the server). Its keys live in logical database 0. A hash `lodestar:storage:<id>` (outside every
 * user's prefix) names the user and prefix a record made, to find them once the record is gone. Redis has no
 * per-user connection limit, so an instance type's is not enforced here.
 */
import { Redis } from 'ioredis';
import { redisFigures, type Figures } from './metrics-read';
import { ServerAt, type ManagedServer, type ServerTarget, type SlowQuery } from './managed-server';

/** The prefix every key and channel of the database starts with. */
export const keyPrefixOf = (databaseName: string) => `${databaseName}:`;

const markKey = (id: string) => `lodestar:storage:${id}`;

/** The commands a database's user is denied beside the @admin and @dangerous categories. */
const DENIED = ['-scan', '-randomkey', '-select', '-move', '-function'];

const SCAN_BATCH = 500;

/** Work done on a connection of its own signed in with the administrator URL, closed after. */
export async function asAdministrator<T>(adminUrl: string, work: (r: Redis) => Promise<T>): Promise<T> {
  const r = new Redis(adminUrl, { db: 0, lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 10_000, enableReadyCheck: false });
  r.on('error', () => undefined);
  await r.connect();
  try {
    return await work(r);
  } finally {
    await r.quit().catch(() => r.disconnect());
  }
}

export class ConfiguredRedis extends ServerAt implements ManagedServer {
  constructor(adminUrl: string) {
    super(adminUrl, 6379);
  }

  private admin<T>(work: (r: Redis) => Promise<T>): Promise<T> {
    return asAdministrator(this.adminUrl, work);
  }

  figures(t: ServerTarget): Promise<Figures> {
    return this.admin((r) => redisFigures(r, t, keyPrefixOf(t.databaseName)));
  }

  async create(t: ServerTarget): Promise<void> {
    const prefix = keyPrefixOf(t.databaseName);
    await this.admin(async (r) => {
      await r.hset(markKey(t.id), { user: t.user, prefix });
      await r.call('ACL', 'SETUSER', t.user, 'reset', 'on', `>${t.password}`, `~${prefix}*`, `&${prefix}*`, '+@all', '-@admin', '-@dangerous', ...DENIED);
      await persist(r);
    });
  }

  async setPassword(t: ServerTarget): Promise<void> {
    await this.admin(async (r) => {
      await r.call('ACL', 'SETUSER', t.user, 'resetpass', `>${t.password}`);
      await persist(r);
    });
  }

  /** Redis cannot limit one user's connections: nothing to apply. */
  async setConnectionLimit(): Promise<void> {}

  async endSessions(t: ServerTarget): Promise<number> {
    return this.admin(async (r) => Number(await r.call('CLIENT', 'KILL', 'USER', t.user)));
  }

  /** Deletes the user (its connections end with it) and every key of its prefix. */
  async drop(id: string): Promise<void> {
    await this.admin(async (r) => {
      const { user, prefix } = await r.hgetall(markKey(id));
      if (!user || !prefix) return;
      await r.call('ACL', 'DELUSER', user);
      await persist(r);
      let cursor = '0';
      do {
        const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', SCAN_BATCH);
        if (keys.length) await r.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
      await r.del(markKey(id));
    });
  }

  /**
   * From SLOWLOG (commands slower than the server's `slowlog-log-slower-than`, the last `slowlog-max-len` of them): the
   * commands whose first argument is a key or channel of the database's prefix — which only its user may name (SLOWLOG
   * does not record the user) — slowest first.
   */
  async slowQueries(t: ServerTarget, limit: number): Promise<SlowQuery[]> {
    const prefix = keyPrefixOf(t.databaseName);
    const entries = (await this.admin((r) => r.call('SLOWLOG', 'GET', '10000'))) as [number, number, number, string[]][];
    return entries
      .filter(([, , , args]) => String(args[1] ?? '').startsWith(prefix))
      .map(([, started, micros, args]) => ({ at: new Date(started * 1000).toISOString(), durationMs: micros / 1000, statement: args.join(' ') }))
      .sort((a, b) => b.durationMs - a.durationMs)
      .slice(0, limit);
  }
}

/** Writes the users to the server's ACL file when it has one (a server without one keeps them until it restarts). */
async function persist(r: Redis): Promise<void> {
  await r.call('ACL', 'SAVE').catch((e: Error) => {
    if (!/not configured to use an ACL file/i.test(e.message)) throw e;
  });
}
