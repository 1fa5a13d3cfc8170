import type { FastifyRequest } from 'fastify';
import type { JsonSchema, ResourceDecl, ServiceDecl, TimedMove } from '../../resources/types';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import type { Api } from './api';
import type { PlayerPrincipal } from './hooks';
import { startJob } from './jobs';
import type { ResourceModel } from './model';
import { ALL_SCOPES, NOW, records, type Where } from './query';
import type { Data } from './store';

/** How often the server makes the changes whose time has come, besides doing it before each call that reads them. */
const SWEEP_MS = 15_000;

/** The job (engine/jobs.ts) that makes them every `SWEEP_MS`, once across instances. */
export const TIMED_STATES_JOB = 'engine.timed-states';

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

/** The resources with timed moves, found once per server (its models are fixed at start-up): asked on every call. */
const timed = new WeakMap<Ctx, ResourceModel[]>();
function timedModels(ctx: Ctx): ResourceModel[] {
  let found = timed.get(ctx);
  if (!found) timed.set(ctx, (found = [...ctx.models.values()].filter((m) => m.res.status?.timed?.length)));
  return found;
}

/** The records a move applies to at `now` (the database's clock unless a time is given). */
const dueWhere = (field: string, move: TimedMove, now: Date | typeof NOW): Where => ({
  [field]: move.from ? { $in: move.from } : { $nin: [move.to] },
  [move.at]: move.ahead ? { $gt: now } : { $lte: now },
});

/** How a sweep treats records another transaction holds: the periodic one skips them, a call's waits for them. */
export interface SweepOptions {
  /** Wait for records another transaction holds (a call answers after their move), instead of skipping them. */
  wait?: boolean;
  /** Move only this app's records (a call's: its caller's app); every app's without. */
  scopeId?: string;
}

/**
 * Makes one timed move of the resource for every record due at `now`, each with its history entry, in one
 * transaction: records another instance is moving at the same moment are skipped (it writes their history) unless
 * told to wait, and a process that dies mid-way leaves no record moved without its entry. Answers how many moved.
 */
async function makeMove(ctx: Ctx, m: ResourceModel, move: TimedMove, now: Date | typeof NOW, opts: SweepOptions): Promise<number> {
  const status = m.res.status!;
  const skipLocked = !opts.wait;
  return ctx.db.transaction(async (tx) => {
    const changed = await records(tx, m).update(opts.scopeId ?? ALL_SCOPES, dueWhere(status.field, move, now), { status: move.to }, { skipLocked });
    for (const { scopeId, before: was, record: after } of changed) {
      const before = { ...after, [status.field]: was, version: Number(after.version) - 1 };
      const action = `${m.service.name}.${m.res.name}.${move.action}`;
      await recordOperation(tx, { actor: status.timedBy ?? ACTOR, appId: scopeId, action, target: String(after.id), before, after });
    }
    return changed.length;
  });
}

/**
 * Makes the timed state changes of these resources whose time has come, by the database's clock (or at `now` when
 * given, as tests do); answers how many records moved.
 */
export async function advanceTimedStates(ctx: Ctx, now?: Date, models: ResourceModel[] = timedModels(ctx), opts: SweepOptions = {}): Promise<number> {
  let moved = 0;
  for (const m of models) for (const move of m.res.status!.timed!) moved += await makeMove(ctx, m, move, now ?? NOW, opts);
  return moved;
}

/** Whether time has come for a change of this record of the resource (the test the changes make), at `now`. */
export function isDue(m: ResourceModel, r: Data, now = Date.now()): boolean {
  const status = String(r[m.res.status?.field ?? 'status']);
  return (m.res.status?.timed ?? []).some((move) => {
    const inFrom = move.from ? move.from.includes(status) : status !== move.to;
    if (!inFrom || typeof r[move.at] !== 'string') return false;
    return move.ahead ? Date.parse(String(r[move.at])) > now : Date.parse(String(r[move.at])) <= now;
  });
}

/** Whether a route reads records of the resource: its path, under the service's base, names the resource's path. */
export const routeReads = (url: string, m: Pick<ResourceModel, 'service' | 'res'>) =>
  url.startsWith(`${m.service.base}/`) && `${url}/`.includes(`${m.res.path}/`);

/** The app whose due moves a call made, by call: each call makes them once, for its caller's app only. */
const callScopes = new WeakMap<FastifyRequest, string>();

/**
 * Makes the due moves a call reads, in its caller's app only, once that app is known: the engine's authorisation
 * (`guard.ts`) and the player principal (`sweepingFirst`) call it before the call reads. The moves are those of the
 * resources the call's path names (its own calls, the player's under the base's `/sdk`, a view of it under another
 * record); they wait for records another transaction holds, so the call answers after their move. Once per call.
 */
export async function advanceForCall(ctx: Ctx, req: FastifyRequest, scopeId: string): Promise<void> {
  if (callScopes.get(req) === scopeId) return;
  callScopes.set(req, scopeId);
  const url = req.routeOptions?.url ?? '';
  const concerned = timedModels(ctx).filter((m) => routeReads(url, m));
  if (concerned.length) await advanceTimedStates(ctx, undefined, concerned, { wait: true, scopeId });
}

/** A player principal that makes the call's due moves in the player's app (`advanceForCall`) once it has its player. */
export const sweepingFirst =
  (principal: PlayerPrincipal): PlayerPrincipal =>
  async (ctx, req, opts) => {
    const caller = await principal(ctx, req, opts);
    await advanceForCall(ctx, req, caller.scopeId);
    return caller;
  };

/**
 * Keeps timed states current: before every call that reads such a resource, in the caller's app
 * (`advanceForCall`), on the record such a call answers, and in every app every few seconds while the server runs,
 * as a job one instance at a time makes (engine/jobs.ts).
 */
export function mountTimedStates(api: Api, ctx: Ctx): void {
  const models = timedModels(ctx);
  if (!models.length) return;
  // A record whose time came while the call ran (one created with its start already passed) is answered as changed.
  api.app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    const record = payload as Data | null;
    if (!record || typeof record !== 'object' || typeof record.id !== 'string') return payload;
    const m = models.find((one) => routeReads(req.routeOptions.url ?? '', one) && isDue(one, record));
    if (!m) return payload;
    await advanceTimedStates(ctx, undefined, [m], { wait: true, scopeId: callScopes.get(req) });
    return (await records(ctx.db, m).findEverywhere({ where: { id: record.id } }))[0]?.record ?? payload;
  });
  startJob(api, ctx.db, { name: TIMED_STATES_JOB, everyMs: SWEEP_MS, run: () => advanceTimedStates(ctx) }, ctx.config.jobLeaseMs);
}
