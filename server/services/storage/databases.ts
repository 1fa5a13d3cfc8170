/**
 * A database's life: created as an asynchronous request (the record answers at once as `creating`, the database is
 * made on its server in the background), then reset password, restart and upgrade, each a request of its own whose
 * status the console polls, and the database dropped from its server once its record is deleted.
 */
import { randomBytes } from 'node:crypto';
import { instanceType, passwordProblem, usernameProblem } from '../../../resources/storage/catalog';
import { modelOf, type Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { badRequest, conflict, type FieldError } from '../../engine/errors';
import type { ChangedInput, ResourceHooks, WriteInput } from '../../engine/hooks';
import type { Data } from '../../engine/store';
import { databasesOf, REQUEST_HEARTBEAT_MS, requestsOf, runtimeOf, SERVICE } from './runtime';
import { keyPrefixOf } from './configured-redis';
import type { ServerTarget } from './managed-server';
import { engineProblem } from './servers';

const REFUSED = 'only a running database can do this';

/** A database's names on its server: the instance name and username, lowercased and made unique by a suffix. */
function serverNames(name: string, username: string): { databaseName: string; user: string } {
  const suffix = randomBytes(4).toString('hex');
  return { databaseName: `${name.toLowerCase().replace(/-/g, '_').slice(0, 40)}_${suffix}`, user: `${username.toLowerCase()}_${suffix}` };
}

const hooks: ResourceHooks = {
  validate: ({ ctx, data }: WriteInput): FieldError[] => {
    const errors: FieldError[] = [];
    const userProblem = usernameProblem(String(data.username ?? ''));
    if (userProblem) errors.push({ field: '/username', message: userProblem });
    const weak = data.password === undefined ? undefined : passwordProblem(String(data.password));
    if (weak) errors.push({ field: '/password', message: weak });
    const engine = engineProblem(ctx.config.env, String(data.engine), String(data.region));
    if (engine) errors.push({ field: '/engine', message: engine });
    return errors;
  },
  derive: async ({ ctx, data, existing }: WriteInput): Promise<Data> => {
    if (existing) return {};
    const rt = runtimeOf(ctx);
    const configured = rt.servers.serverFor(String(data.engine), String(data.region));
    const where = configured ? { server: 'configured', host: configured.host, port: configured.port } : { server: 'embedded', host: rt.servers.publicHost, port: await rt.servers.embedded.port() };
    const names = serverNames(String(data.name), String(data.username));
    const prefix = data.engine === 'redis' ? { keyPrefix: keyPrefixOf(names.databaseName) } : {};
    return { ...names, ...where, ...prefix, requestId: crypto.randomUUID() };
  },
  changed: async ({ ctx, scopeId, ids }: ChangedInput) => {
    for (const id of ids) {
      const db = await databasesOf(ctx).maybe(scopeId, id);
      if (!db) dropEverywhere(ctx, id);
      else if (db.status === 'creating' && db.requestId && !(await requestsOf(ctx).maybe(scopeId, String(db.requestId)))) {
        await startRequest(ctx, scopeId, db, 'create', String(db.requestId), () => provision(ctx, scopeId, db));
      }
    }
  },
};

export const storageHooks: Record<string, ResourceHooks> = { databases: hooks };

/** The database as its server knows it, with its password (which answers never carry). */
export async function targetOf(ctx: Ctx, scopeId: string, db: Data): Promise<ServerTarget> {
  const id = String(db.id);
  const password = String((await ctx.store.writeOnlyValues(modelOf(ctx, SERVICE, 'databases'), scopeId, id)).password ?? '');
  const maxConnections = instanceType(String(db.instanceType))?.maxConnections ?? 1;
  return { id, databaseName: String(db.databaseName), user: String(db.user), password, maxConnections };
}

/** The configured server a database is on, or undefined when it is embedded. */
export const configuredOf = (ctx: Ctx, db: Data) => (db.server === 'configured' ? runtimeOf(ctx).servers.serverFor(String(db.engine), String(db.region)) : undefined);

async function provision(ctx: Ctx, scopeId: string, db: Data): Promise<void> {
  const configured = configuredOf(ctx, db);
  if (configured) await configured.create(await targetOf(ctx, scopeId, db));
  else await runtimeOf(ctx).servers.embedded.create(String(db.id));
}

/** Drops a deleted database from wherever it was (its record is gone, so every server is asked). */
function dropEverywhere(ctx: Ctx, id: string): void {
  const rt = runtimeOf(ctx);
  rt.run(async () => {
    await rt.servers.embedded.drop(id);
    for (const server of rt.servers.allConfigured()) await server.drop(id);
  });
}

/**
 * Records the request (RUNNING) and runs its work in the background: on success the request is SUCCESS and the
 * database running, otherwise FAILED with why (a failed create leaves the database `failure`).
 */
export async function startRequest(ctx: Ctx, scopeId: string, db: Data, kind: string, requestId: string, work: () => Promise<void>): Promise<void> {
  const id = String(db.id);
  await requestsOf(ctx).insert(scopeId, { kind, databaseId: id, heartbeatAt: new Date().toISOString() }, { id: requestId, status: 'RUNNING', parentId: id });
  runtimeOf(ctx).run(async () => {
    let message: string | undefined;
    // Heard of while it runs: a request silent too long was cut off by a stopped server (requests-cut-off.ts).
    const heartbeat = setInterval(() => {
      requestsOf(ctx)
        .update(scopeId, { id: requestId, status: 'RUNNING' }, { set: { heartbeatAt: new Date().toISOString() } })
        .catch((e: Error) => console.error('storage: a request could not be marked alive', e.message));
    }, REQUEST_HEARTBEAT_MS);
    try {
      await work();
    } catch (e) {
      message = (e as Error).message.slice(0, 1000) || 'the request failed';
    } finally {
      clearInterval(heartbeat);
    }
    const finishedAt = new Date().toISOString();
    // The database first: once its request reads as ended, the database is in its new state (a caller polling the
    // request acts on the database next).
    const next = message && kind === 'create' ? 'failure' : 'running';
    const moved = await databasesOf(ctx).update(scopeId, { id, status: { $in: ['creating', 'restarting', 'running'] } }, { status: next, ...(message && kind === 'create' ? { set: { message } } : {}) });
    await requestsOf(ctx).update(scopeId, { id: requestId }, { status: message ? 'FAILED' : 'SUCCESS', set: { finishedAt, ...(message ? { message } : {}) } });
    if (kind === 'create' && !message) await recordOperation(ctx.db, { actor: 'system:storage', appId: scopeId, action: `${SERVICE}.databases.provisioned`, target: id, after: { status: moved[0]?.record.status } });
    // Deleted while it was being made: what was made goes too.
    if (kind === 'create' && !(await databasesOf(ctx).maybe(scopeId, id))) dropEverywhere(ctx, id);
  });
}

/**
 * A request on a running database (the call's record, or `record` for a call on one of its backups): the record moved
 * (and changed) at once, the work done in the background.
 */
export async function requestOn(call: CallInput, ctx: Ctx, kind: string, change: { status: string; set?: Data }, work: (db: Data) => Promise<void>, record: Data = call.record!, requestId: string = crypto.randomUUID()): Promise<Data> {
  const id = String(record.id);
  const after = await databasesOf(ctx).updateOne(call.scopeId, id, { status: change.status, set: { ...change.set, requestId } }, { from: ['running'], refused: REFUSED });
  await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.databases.${kind}`, target: id, before: { status: record.status, instanceType: record.instanceType }, after: { status: after.status, instanceType: after.instanceType } });
  await startRequest(ctx, call.scopeId, after, kind, requestId, () => work(after));
  return after;
}

export function databaseCallHandlers(ctx: Ctx): CallHandlers {
  const endSessions = async (scopeId: string, db: Data) => {
    const configured = configuredOf(ctx, db);
    if (configured) await configured.endSessions(await targetOf(ctx, scopeId, db));
    else runtimeOf(ctx).servers.embedded.endSessions(String(db.id));
  };
  return {
    'databases.resetPassword': (call) => {
      const password = String(call.input.password);
      const weak = passwordProblem(password);
      if (weak) throw badRequest([{ field: '/password', message: weak }]);
      return requestOn(call, ctx, 'resetPassword', { status: 'running', set: { password } }, async (db) => {
        await configuredOf(ctx, db)?.setPassword({ ...(await targetOf(ctx, call.scopeId, db)), password });
      });
    },
    'databases.restart': (call) => requestOn(call, ctx, 'restart', { status: 'restarting' }, (db) => endSessions(call.scopeId, db)),
    'databases.upgrade': (call) => {
      const type = String(call.input.instanceType);
      // A database that is not running refuses any upgrade, whatever it asks for.
      if (call.record!.status !== 'running') throw conflict('INVALID_TRANSITION', REFUSED);
      if (type === call.record!.instanceType) throw badRequest([{ field: '/instanceType', message: 'the database already has this instance type' }]);
      return requestOn(call, ctx, 'upgrade', { status: 'restarting', set: { instanceType: type } }, async (db) => {
        await configuredOf(ctx, db)?.setConnectionLimit(await targetOf(ctx, call.scopeId, db));
        await endSessions(call.scopeId, db);
      });
    },
  };
}
