import { INSTANCE_TYPES, REGIONS } from '../../../resources/storage/catalog';
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { forbidden, notFound } from '../../engine/errors';
import { configuredOf, targetOf } from './databases';
import { SlowQueriesUnrecorded } from './managed-server';
import { ALL_SCOPES } from '../../engine/query';
import { databasesOf, requestsOf } from './runtime';
import { enginesIn } from './servers';

const EMBEDDED_UNRECORDED = 'slow queries are not recorded for embedded PostgreSQL databases';

/** Storage's calls beside its records: the catalogue, a request's status, the administrators' list, the cache. */
export function storageCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'regions.list': async () => ({ items: REGIONS.map((r) => ({ ...r, engines: enginesIn(ctx.config.env, r.id) })) }),
    'instanceTypes.list': async () => ({ items: INSTANCE_TYPES }),
    'requests.status': async (call) => {
      const request = await requestsOf(ctx).first(call.scopeId, { where: { id: call.params.requestId, databaseId: String(call.record!.id) } });
      if (!request) throw notFound('no such request');
      return request;
    },
    'databases.slowQueries': async (call) => {
      const db = call.record!;
      const server = configuredOf(ctx, db);
      const none = (unrecorded: string) => ({ total: 0, items: [], unrecorded });
      if (!server) return none(EMBEDDED_UNRECORDED);
      if (!['running', 'restarting'].includes(String(db.status))) return none('the database is not running');
      try {
        const items = await server.slowQueries(await targetOf(ctx, call.scopeId, db), Number(call.input.count ?? 20));
        return { total: items.length, items };
      } catch (e) {
        if (e instanceof SlowQueriesUnrecorded) return none(e.message);
        throw e;
      }
    },
    'databases.admin': async (call) => {
      if (!call.actor.startsWith('admin:')) throw forbidden('only an administrator lists every app’s databases');
      const count = Number(call.input.count ?? 50);
      const start = Number(call.input.start ?? 0);
      const found = await databasesOf(ctx).findEverywhere({ orderBy: '-createdAt', limit: count, offset: start });
      return { total: await databasesOf(ctx).count(ALL_SCOPES), items: found.map(({ scopeId, record }) => ({ ...record, appId: scopeId })) };
    },
  };
}
