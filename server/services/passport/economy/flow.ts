import { PURCHASE_FLOW, type PurchaseMove, type PurchaseStatus } from '../../../../resources/passport/economy-flow';
import type { Queryable } from '../../../db';
import { ApiError, conflict } from '../../../engine/errors';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import type { Line } from './catalog';
import { credit, lockPersona } from './inventory';
import type { EconomyModels } from './models';

/** A transaction record locked for the rest of the database transaction. */
export async function lockTransaction(q: Queryable, models: EconomyModels, where: { appId: string; id: string } | { outTradeNo: string }): Promise<Data | undefined> {
  const transactions = records(q, models.transactions);
  if ('id' in where) {
    const trx = await transactions.maybe(where.appId, where.id, 'update');
    return trx && { ...trx, appId: where.appId };
  }
  const [found] = await transactions.findEverywhere({ where: { outTradeNo: where.outTradeNo }, lock: 'update' });
  return found && { ...found.record, appId: found.scopeId };
}

/** Whether the flow allows `move` from the transaction's state. */
export const allowed = (trx: Data, move: PurchaseMove): boolean => (PURCHASE_FLOW[move].from as readonly string[]).includes(String(trx.status));

/**
 * Moves a locked transaction along the purchase flow, writing `changes` with it; from a state the flow does not
 * allow, 409 with the move's refusal.
 */
export async function moveTransaction(q: Queryable, models: EconomyModels, trx: Data, move: PurchaseMove, changes: Data = {}): Promise<Data> {
  const step = PURCHASE_FLOW[move];
  if (!allowed(trx, move)) throw conflict('INVALID_TRANSITION', step.refused);
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const unset = Object.keys(changes).filter((k) => changes[k] === undefined);
  const after = await records(q, models.transactions).updateOne(String(trx.appId), String(trx.id), { status: step.to as PurchaseStatus, set, unset }, { from: [...step.from] });
  return { ...after, appId: trx.appId };
}

/** The transaction's contents granted into its persona's inventory, and the transaction moved by `move`. */
export async function grantAndMove(q: Queryable, models: EconomyModels, trx: Data, move: 'fulfil' | 'reFulfil'): Promise<Data> {
  if (!allowed(trx, move)) throw conflict('INVALID_TRANSITION', PURCHASE_FLOW[move].refused);
  const ref = { appId: String(trx.appId), personaId: String(trx.personaId) };
  await lockPersona(q, models, ref);
  await credit(q, models, ref, trx.contents as Line[]);
  return moveTransaction(q, models, trx, move, { fulfilledAt: new Date().toISOString(), failureReason: undefined });
}

/**
 * Fulfils a charged transaction; when its contents cannot be granted (a full inventory, a removed resource, a
 * deleted persona) the grant is undone and the transaction moves to FulfillFailed with the reason, to be fulfilled
 * again later. The charge itself stays.
 */
export async function fulfilOrFail(q: Queryable, models: EconomyModels, trx: Data): Promise<Data> {
  await q.query('SAVEPOINT passport_fulfil');
  try {
    const done = await grantAndMove(q, models, trx, 'fulfil');
    await q.query('RELEASE SAVEPOINT passport_fulfil');
    return done;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
    await q.query('ROLLBACK TO SAVEPOINT passport_fulfil');
    return moveTransaction(q, models, trx, 'fulfilFail', { failureReason: err.message });
  }
}

/** What the answer of a transaction leaves out: the scope it was read from. */
export const answerOf = (trx: Data): Data => {
  const { appId: _a, ...rest } = trx;
  return rest;
};
