/**
 * MongoDB databases on a server the operator configured (STORAGE_MONGODB_URL, or the region's entry in
 * STORAGE_MONGODB_REGION_URLS; a `mongod` or replica set, MongoDB ≥ 4.4): Lodestar signs in with that administrator URL
 * and makes each database's user in the database itself (`createUser`, so a client signs in with `authSource=<database
 * name>`) with the readWrite and dbAdmin roles of that database and nothing else, its custom data `{ lodestar:
 * "lodestar:<id>" }` marking it, by which it is found again once its record is gone. The database comes into being with
 * its first write; the profiler is turned on for it (level 1, operations slower than STORAGE_MONGODB_SLOW_MS, 100 ms
 * unless said) so its slow queries are recorded. MongoDB has no per-user connection limit, so an instance type's is not
 * enforced here. Names reach the server only as command values, never inside a query's text.
 */
import { BSON, MongoClient, MongoServerError, type Db, type Document } from 'mongodb';
import type { Figures } from './metrics-read';
import { mark, ServerAt, SlowQueriesUnrecorded, type ManagedServer, type ServerTarget, type SlowQuery } from './managed-server';

/** The roles a database's user holds: on its own database only. */
export const rolesOf = (databaseName: string) => [
  { role: 'readWrite', db: databaseName },
  { role: 'dbAdmin', db: databaseName },
];

/** MongoDB's error codes Storage reads (src/mongo/base/error_codes.yml). */
export const MONGO_CODES = { unauthorized: 13, userNotFound: 11, userExists: 51003, interrupted: 11601, noSuchOperation: 237 } as const;

const { EJSON } = BSON;

const DEFAULT_SLOW_MS = 100;
const PROFILER_NEEDS = 'slow queries need the database profiler on (profile level 1 or 2), which the MongoDB server refused for this database';
const ADMIN_NEEDS = 'the MongoDB administrator URL’s user needs the userAdminAnyDatabase, dbAdminAnyDatabase, readWriteAnyDatabase, clusterMonitor and hostManager roles (root has them)';

/** A MongoDB error said as what it means for the database, the command named, the password never. */
export function mongoProblem(e: unknown, command: string, t?: Pick<ServerTarget, 'user' | 'databaseName'>): Error {
  if (!(e instanceof MongoServerError)) return e as Error;
  const who = t ? `${t.user} in ${t.databaseName}` : 'the user';
  if (e.code === MONGO_CODES.userExists) return new Error(`the MongoDB user ${who} already exists on the server`);
  if (e.code === MONGO_CODES.userNotFound) return new Error(`the MongoDB user ${who} no longer exists on the server`);
  if (e.code === MONGO_CODES.unauthorized) return new Error(`the MongoDB server refused ${command}: ${ADMIN_NEEDS}`);
  return new Error(`the MongoDB server refused ${command}: ${e.codeName ?? e.code ?? ''} ${e.errmsg ?? e.message}`.trim());
}

/** Work done on a client of its own signed in with the administrator URL, closed after. */
export async function asMongoAdministrator<T>(adminUrl: string, work: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = new MongoClient(adminUrl, { serverSelectionTimeoutMS: 10_000, connectTimeoutMS: 10_000, maxPoolSize: 2 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Runs one command, its refusal said plainly. */
async function run(db: Db, command: Document, t?: ServerTarget): Promise<Document> {
  try {
    return await db.command(command);
  } catch (e) {
    throw mongoProblem(e, Object.keys(command)[0], t);
  }
}

/** The operations of the user now (idle connections too), as `currentOp` lists them. */
async function opsOf(admin: Db, t: ServerTarget): Promise<Document[]> {
  const answer = await run(admin, { currentOp: 1, $all: true, effectiveUsers: { $elemMatch: { user: t.user, db: t.databaseName } } }, t);
  return (answer.inprog as Document[] | undefined) ?? [];
}

export class ConfiguredMongo extends ServerAt implements ManagedServer {
  constructor(
    adminUrl: string,
    private readonly slowMs = DEFAULT_SLOW_MS,
  ) {
    super(adminUrl, 27017);
  }

  private admin<T>(work: (client: MongoClient) => Promise<T>): Promise<T> {
    return asMongoAdministrator(this.adminUrl, work);
  }

  async create(t: ServerTarget): Promise<void> {
    await this.admin(async (client) => {
      const db = client.db(t.databaseName);
      await run(db, { createUser: t.user, pwd: t.password, roles: rolesOf(t.databaseName), customData: { lodestar: mark(t.id) } }, t);
      // A server that keeps no profile (mongos, some hosted tiers) still makes the database; its slow queries say why.
      await db.command({ profile: 1, slowms: this.slowMs }).catch(() => undefined);
    });
  }

  async setPassword(t: ServerTarget): Promise<void> {
    await this.admin((client) => run(client.db(t.databaseName), { updateUser: t.user, pwd: t.password }, t));
  }

  /** MongoDB cannot limit one user's connections: nothing to apply. */
  async setConnectionLimit(): Promise<void> {}

  /** Kills the user's sessions (their operations and cursors) and any operation of theirs outside one; answers how many connections they held. */
  async endSessions(t: ServerTarget): Promise<number> {
    return this.admin(async (client) => {
      const admin = client.db('admin');
      const ops = await opsOf(admin, t);
      await run(admin, { killAllSessionsByPattern: [{ users: [{ user: t.user, db: t.databaseName }] }] }, t);
      for (const op of ops.filter((o) => o.active && o.opid !== undefined)) {
        await admin.command({ killOp: 1, op: op.opid }).catch((e: unknown) => {
          // Ended meanwhile (with its session).
          if (!(e instanceof MongoServerError && e.code === MONGO_CODES.noSuchOperation)) throw mongoProblem(e, 'killOp', t);
        });
      }
      return new Set(ops.map((o) => o.connectionId).filter((c) => c !== undefined)).size;
    });
  }

  /** Finds the users the record made by their custom data, kills their sessions, drops them and their databases. */
  async drop(id: string): Promise<void> {
    await this.admin(async (client) => {
      const admin = client.db('admin');
      const found = await run(admin, { usersInfo: { forAllDBs: true }, filter: { 'customData.lodestar': mark(id) } });
      for (const u of (found.users as { user: string; db: string }[] | undefined) ?? []) {
        await run(admin, { killAllSessionsByPattern: [{ users: [{ user: u.user, db: u.db }] }] });
        const db = client.db(u.db);
        await db.command({ dropUser: u.user }).catch((e: unknown) => {
          if (!(e instanceof MongoServerError && e.code === MONGO_CODES.userNotFound)) throw mongoProblem(e, 'dropUser');
        });
        await run(db, { dropDatabase: 1 });
      }
    });
  }

  /** From the database's profiler (`system.profile`): the user's operations slowest first. */
  async slowQueries(t: ServerTarget, limit: number): Promise<SlowQuery[]> {
    return this.admin(async (client) => {
      const db = client.db(t.databaseName);
      const level = await run(db, { profile: -1 }, t);
      if (!Number(level.was)) throw new SlowQueriesUnrecorded(PROFILER_NEEDS);
      const found = await run(db, { find: 'system.profile', filter: { user: `${t.user}@${t.databaseName}` }, sort: { millis: -1, ts: -1 }, limit, singleBatch: true }, t);
      const docs = ((found.cursor as Document | undefined)?.firstBatch as Document[] | undefined) ?? [];
      return docs.map((d) => ({
        ...(d.ts instanceof Date ? { at: d.ts.toISOString() } : {}),
        durationMs: Number(d.millis ?? 0),
        statement: `${String(d.op ?? 'command')} ${String(d.ns ?? '')} ${EJSON.stringify(d.command ?? d.query ?? {}, { relaxed: true })}`.trim(),
        ...(d.docsExamined === undefined ? {} : { rowsExamined: Number(d.docsExamined) }),
      }));
    });
  }

  /**
   * The user's connections (`currentOp`), the database's size (`dbStats`: storage and indexes) and its operations so
   * far (`top`: the counts of every collection of the database, since the server started).
   */
  async figures(t: ServerTarget): Promise<Figures> {
    return this.admin(async (client) => {
      const admin = client.db('admin');
      const ops = await opsOf(admin, t);
      const stats = await run(client.db(t.databaseName), { dbStats: 1, scale: 1 }, t);
      const top = await run(admin, { top: 1 }, t);
      let operationsTotal = 0;
      for (const [ns, counts] of Object.entries((top.totals as Record<string, Document> | undefined) ?? {})) {
        if (ns.startsWith(`${t.databaseName}.`)) operationsTotal += Number((counts.total as Document | undefined)?.count ?? 0);
      }
      return {
        connections: new Set(ops.map((o) => o.connectionId).filter((c) => c !== undefined)).size,
        sizeBytes: Number(stats.storageSize ?? 0) + Number(stats.indexSize ?? 0),
        operationsTotal,
      };
    });
  }
}
