import type { JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import type { Api } from './api';
import type { ResourceModel } from './model';
import { ALL_SCOPES, records } from './query';
import type { Data } from './store';

/** How often the server makes the changes whose time has come, besides doing it before each call that reads them. */
const SWEEP_MS = 15_000;

const ACTOR = 'system:schedule';

/** Start-up check of a resource's timed state changes: their states are the resource's, `at` is a time field. */
export function checkTimedMoves(service: ServiceDecl, res: ResourceDecl): void {
  const status = res.status;
  const props = (res.schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const move of status?.timed ?? []) {
    const where = `${service.name}/${res.name}: timed move to '${move.to}'`;
    for (const s of [move.to, ...(move.from ?? [])]) if (!status!.values[s]) throw new Error(`${where}: '${s}' is not a state`);
    if (props[move.at]?.format !== 'date-time') throw new Error(`${where}: '${move.at}' is not a date-time field`);
  }
}

const timedModels = (ctx: Ctx) => [...ctx.models.values()].filter((m) => m.res.status?.timed?.length);

/** Makes the timed state changes of these resources whose time has come at `now`; answers how many records moved. */
export async function advanceTimedStates(ctx: Ctx, now: Date = new Date(), models: ResourceModel[] = timedModels(ctx)): Promise<number> {
  let moved = 0;
  for (const m of models) {
    const field = m.res.status!.field;
    for (const move of m.res.status!.timed!) {
      const when = { [field]: move.from ? { $in: move.from } : { $nin: [move.to] }, [move.at]: { $lte: now } };
      const changed = await records(ctx.db, m).update(ALL_SCOPES, when, { [field]: move.to });
      for (const { scopeId, before: was, record: after } of changed) {
        const before = { ...after, [field]: was, version: Number(after.version) - 1 };
        const action = `${m.service.name}.${m.res.name}.${move.action}`;
        const actor = m.res.status!.timedBy ?? ACTOR;
        await recordOperation(ctx.db, { actor, appId: scopeId, action, target: String(after.id), before, after });
      }
      moved += changed.length;
    }
  }
  return moved;
}

/** Whether time has come for a change of this record of the resource (the test the changes make), at `now`. */
export function isDue(m: ResourceModel, r: Data, now = Date.now()): boolean {
  const status = String(r[m.res.status?.field ?? 'status']);
  return (m.res.status?.timed ?? []).some((move) => {
    const inFrom = move.from ? move.from.includes(status) : status !== move.to;
    return inFrom && typeof r[move.at] === 'string' && Date.parse(String(r[move.at])) <= now;
  });
}

/** Whether a route reads records of the resource: its path, under the service's base, names the resource's path. */
export const routeReads = (url: string, m: Pick<ResourceModel, 'service' | 'res'>) =>
  url.startsWith(`${m.service.base}/`) && `${url}/`.includes(`${m.res.path}/`);

/**
 * Keeps timed states current: before every call that reads such a resource (its own calls, the player's under the
 * base's `/sdk`, a view of it under another record), on the record such a call answers, and every few seconds while
 * the server runs. The timer stops with the server.
 */
export function mountTimedStates(api: Api, ctx: Ctx): void {
  const models = timedModels(ctx);
  if (!models.length) return;
  api.app.addHook('preHandler', async (req) => {
    const url = req.routeOptions.url ?? '';
    const concerned = models.filter((m) => routeReads(url, m));
    if (concerned.length) await advanceTimedStates(ctx, new Date(), concerned);
  });
  // A record whose time came while the call ran (one created with its start already passed) is answered as changed.
  api.app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    const record = payload as Data | null;
    if (!record || typeof record !== 'object' || typeof record.id !== 'string') return payload;
    const m = models.find((one) => routeReads(req.routeOptions.url ?? '', one) && isDue(one, record));
    if (!m) return payload;
    await advanceTimedStates(ctx, new Date(), [m]);
    return (await records(ctx.db, m).findEverywhere({ where: { id: record.id } }))[0]?.record ?? payload;
  });
  const timer = setInterval(() => {
    advanceTimedStates(ctx).catch((err: unknown) => api.app.log.error({ err }, 'timed state changes failed'));
  }, SWEEP_MS);
  timer.unref();
  api.app.addHook('onClose', async () => clearInterval(timer));
}
