import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { modelOf } from '../../server/context';
import { SANDBOX_APP_ID } from '../../server/payments/alipay/provider';
import { newKeyPair, sandboxKeys, signAlipayParams } from '../../server/payments/alipay/signing';
import { issuePlayerToken, selectPersona } from '../../server/services/passport/players/principal';
import type { Harness } from './harness';
import { passport } from '../../resources/passport';

const B = passport.base;

/** A signed-in player with a selected persona, and calls made with their token. */
export interface TestPlayer {
  appId: string;
  userId: string;
  personaId: string;
  token: string;
  call: (method: 'GET' | 'POST', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
}

let counter = 0;

/** A player of `appId` (the demo app unless told) with one persona, signed in with it selected (unless `select` is false). */
export async function newPlayer(h: Harness, opts: { appId?: string; select?: boolean } = {}): Promise<TestPlayer> {
  const appId = opts.appId ?? h.appId;
  counter += 1;
  const userId = randomUUID();
  const personaId = randomUUID();
  await h.ctx.store.insert(modelOf(h.ctx, 'passport', 'users'), appId, userId, { name: `Player ${counter}`, loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', externalId: `economy-${counter}-${userId}` }, 'Active');
  await h.ctx.store.insert(modelOf(h.ctx, 'passport', 'personas'), appId, personaId, { name: `Hero ${counter} ${personaId.slice(0, 8)}`, userId, realmId: randomUUID() }, 'Active');
  const { token } = await issuePlayerToken(h.db, appId, userId);
  if (opts.select !== false) await selectPersona(h.db, token, personaId);
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    h.req({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  return { appId, userId, personaId, token, call };
}

/** Calls with another app's credential. */
export const asOther = (h: Harness, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  h.req({
    method,
    url,
    headers: { authorization: h.otherBasic, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

/** Answers the body of a call expected to succeed with `status`, or throws with what came back. */
export function ok<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/** A resource of the demo app with a fresh slug. */
export async function newResource(h: Harness, type: 'VirtualCurrency' | 'Item' | 'Currency', extra: Record<string, unknown> = {}): Promise<string> {
  counter += 1;
  const slugName = `${type.toLowerCase()}-${counter}-${randomUUID().slice(0, 6)}`;
  const body = { slugName, name: `${type} ${counter}`, type, ...(type === 'Currency' ? { currencyCode: 'CNY', decimals: 2 } : {}), ...extra };
  ok(await h.svc('POST', `${B}/resources`, body), 201);
  return slugName;
}

export interface Line {
  resource: string;
  amount: string;
  properties?: Record<string, unknown>;
}

/** A product of the demo app, published unless told otherwise. Answers its id. */
export async function newProduct(h: Harness, price: Line, contents: Line[], publish = true): Promise<string> {
  counter += 1;
  const product = ok<{ id: string }>(await h.svc('POST', `${B}/products`, { name: `Product ${counter}`, priceResource: price.resource, priceAmount: price.amount, contents }), 201);
  if (publish) ok(await h.svc('POST', `${B}/products/${product.id}/publish`, {}));
  return product.id;
}

/** Puts an amount of a resource into a persona's inventory through the API (the game's server granting). */
export async function give(h: Harness, personaId: string, resource: string, amount: string): Promise<void> {
  ok(await h.svc('POST', `${B}/inventory`, { personaId, resource, amount }), 201);
}

/** What a persona holds, by resource. */
export async function holdings(h: Harness, personaId: string, appId = h.appId): Promise<Record<string, string>> {
  const res = await h.db.query<{ resource: string; amount: string }>(
    "SELECT data->>'resource' AS resource, data->>'amount' AS amount FROM records WHERE service = 'passport' AND kind = 'inventory' AND scope_id = $1 AND data->>'personaId' = $2",
    [appId, personaId],
  );
  return Object.fromEntries(res.rows.map((r) => [r.resource, r.amount]));
}

/** A payment notification about a passport order, signed by the sandbox (Alipay's stand-in) or by a stranger's key. */
export async function notification(
  h: Harness,
  order: { outTradeNo: string; amount: string },
  fields: Record<string, string> = {},
  signer: 'sandbox' | 'stranger' = 'sandbox',
): Promise<Record<string, string>> {
  const params: Record<string, string> = {
    notify_time: '2026-03-01 12:00:00',
    notify_type: 'trade_status_sync',
    notify_id: randomUUID().replace(/-/g, ''),
    app_id: SANDBOX_APP_ID,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: `2026030122001${Math.floor(Math.random() * 1e9)}`,
    out_trade_no: order.outTradeNo,
    trade_status: 'TRADE_SUCCESS',
    total_amount: order.amount,
    ...fields,
  };
  const key = signer === 'sandbox' ? (await sandboxKeys(h.db)).privateKey : newKeyPair().privateKey;
  return { ...params, sign: signAlipayParams(params, key) };
}

/** Posts a notification form-encoded to passport's notification call, as Alipay posts it. */
export const notify = (h: Harness, params: Record<string, string>) =>
  h.req({
    method: 'POST',
    url: `${B}/payments/notify`,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: new URLSearchParams(params).toString(),
  });

/** A transaction as stored. */
export async function transactionOf(h: Harness, id: string, appId = h.appId): Promise<Record<string, unknown>> {
  return h.ctx.store.get(modelOf(h.ctx, 'passport', 'transactions'), appId, id);
}

/**
 * For the contract test, which creates records from schema examples: the economy's examples with a real persona of
 * the demo app in place of the placeholder id (inventory entries must belong to a persona of the app).
 */
export async function economyContractExamples(h: Harness, resource: string, examples: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  if (resource !== 'inventory') return examples;
  const p = await newPlayer(h);
  return examples.map((e) => ({ ...e, personaId: p.personaId }));
}

/**
 * For the contract test: a record of a resource the API does not create directly, made through the economy's own
 * flow — a transaction by a virtual purchase, a redeem code by generation. Undefined for other resources.
 */
export async function economyContractRecord(h: Harness, resource: string): Promise<{ id: string } | undefined> {
  if (resource === 'transactions') {
    const p = await newPlayer(h);
    const coin = await newResource(h, 'VirtualCurrency');
    await give(h, p.personaId, coin, '10');
    const product = await newProduct(h, { resource: coin, amount: '1' }, [{ resource: coin, amount: '2' }]);
    return ok<{ transaction: { id: string } }>(await p.call('POST', `${B}/sdk/products/${product}/purchase`)).transaction;
  }
  if (resource === 'tokenInstances') {
    counter += 1;
    const gift = ok<{ id: string }>(await h.svc('POST', `${B}/token/classes`, { name: `Contract gift ${counter}`, contents: [{ resource: await newResource(h, 'Item'), amount: '1' }] }), 201);
    const { batchId } = ok<{ batchId: string }>(await h.svc('POST', `${B}/token/instances/generate`, { tokenClassId: gift.id, count: 1 }));
    return ok<{ tokenInstances: { id: string }[] }>(await h.svc('POST', `${B}/token/instances/search`, { count: 1, start: 0, batchId })).tokenInstances[0];
  }
  return undefined;
}
