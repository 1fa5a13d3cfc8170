import Decimal from 'decimal.js';
import { INVENTORY_CAPACITY } from '../../../../resources/passport/economy-flow';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { ApiError, badRequest, notFound, type FieldError } from '../../../engine/errors';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { amountError, plain, propertiesError } from './amounts';
import { linesErrors, loadResources, type Line } from './catalog';
import { economyModels, type EconomyModels } from './models';

/** The persona an inventory change is for. */
export interface PersonaRef {
  appId: string;
  personaId: string;
}

export interface Persona {
  id: string;
  userId: string;
}

export const inventoryFull = (needed: number) =>
  new ApiError(409, 'INVENTORY_FULL', 'inventory capacity exceeded', [
    { field: '/contents', message: `a persona holds at most ${INVENTORY_CAPACITY} inventory entries (${needed} needed)` },
  ]);

/** Contents that cannot be granted as they stand now (a resource removed or changed since, properties grown too big). */
export const contentsUnavailable = (details: FieldError[]) => new ApiError(409, 'CONTENTS_UNAVAILABLE', 'contents cannot be granted', details);

export const insufficientBalance = (resource: string) =>
  new ApiError(409, 'INSUFFICIENT_BALANCE', 'insufficient balance', [{ field: '/priceResource', message: `not enough ${resource} in the inventory` }]);

/**
 * Serialises every inventory change of one persona (a transaction-scoped advisory lock) and reads the persona.
 * Call first inside a database transaction; the lock is released when it ends.
 */
export async function lockPersona(q: Queryable, models: EconomyModels, ref: PersonaRef): Promise<Persona> {
  await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`passport-inventory:${ref.appId}:${ref.personaId}`]);
  const persona = await records(q, models.personas).get(ref.appId, ref.personaId, { message: 'persona not found' });
  return { id: String(persona.id), userId: typeof persona.userId === 'string' ? persona.userId : '' };
}

/** The persona's entries of these resources, locked for this transaction. */
async function lockedEntries(q: Queryable, models: EconomyModels, ref: PersonaRef, resources: string[]): Promise<Map<string, Data>> {
  const found = await records(q, models.inventory).find(ref.appId, {
    where: { personaId: ref.personaId, resource: { $in: [...new Set(resources)] } },
    orderBy: 'id',
    lock: 'update',
  });
  return new Map(found.map((e) => [String(e.resource), e]));
}

/** Lines naming the same resource added up (properties merged in order). */
function combine(lines: Line[]): Line[] {
  const out = new Map<string, Line>();
  for (const l of lines) {
    const prev = out.get(l.resource);
    out.set(l.resource, prev
      ? { resource: l.resource, amount: plain(new Decimal(prev.amount).plus(l.amount)), properties: { ...prev.properties, ...l.properties } }
      : { ...l });
  }
  return [...out.values()];
}

/**
 * Adds contents to a persona's inventory inside the caller's transaction (after `lockPersona`): amounts add to the
 * persona's entry of each resource, properties merge into it. Refused as a whole — nothing written — when a
 * resource is missing or cannot be held, when merged properties would pass the size limit, or when the new entries
 * would pass the inventory's capacity. Answers the entries written.
 */
export async function credit(q: Queryable, models: EconomyModels, ref: PersonaRef, lines: Line[]): Promise<Data[]> {
  const known = await loadResources(q, models, ref.appId, lines.map((l) => l.resource));
  const errors = linesErrors(lines, known, '/contents');
  if (errors.length) throw contentsUnavailable(errors);
  const merged = combine(lines);
  const entries = await lockedEntries(q, models, ref, merged.map((l) => l.resource));
  const fresh = merged.filter((l) => !entries.has(l.resource)).length;
  if (fresh > 0) {
    const held = await records(q, models.inventory).count(ref.appId, { personaId: ref.personaId });
    if (held + fresh > INVENTORY_CAPACITY) throw inventoryFull(held + fresh);
  }
  const planned = merged.map((l) => {
    const entry = entries.get(l.resource);
    const properties = { ...((entry?.properties as Record<string, unknown> | undefined) ?? {}), ...l.properties };
    const amount = plain(new Decimal(String(entry?.amount ?? '0')).plus(l.amount));
    return { entry, data: { personaId: ref.personaId, resource: l.resource, amount, ...(Object.keys(properties).length ? { properties } : {}) } };
  });
  const tooBig = planned.flatMap((p, i) => propertiesError(p.data.properties, `/contents/${i}/properties`) ?? []);
  if (tooBig.length) throw contentsUnavailable(tooBig);
  const stored = records(q, models.inventory);
  const written: Data[] = [];
  for (const p of planned) written.push(p.entry ? await stored.updateOne(ref.appId, String(p.entry.id), { data: p.data }) : await stored.insert(ref.appId, p.data));
  return written;
}

/**
 * Takes an amount of one resource from a persona's inventory inside the caller's transaction (after
 * `lockPersona`); an entry that reaches zero is removed. Refused when the persona holds less. Answers the entry
 * before and after (after is undefined when it was removed).
 */
export async function debit(q: Queryable, models: EconomyModels, ref: PersonaRef, line: Line): Promise<{ before: Data; after?: Data }> {
  const entry = (await lockedEntries(q, models, ref, [line.resource])).get(line.resource);
  const held = new Decimal(String(entry?.amount ?? '0'));
  if (!entry || held.lt(line.amount)) throw insufficientBalance(line.resource);
  const id = String(entry.id);
  const left = held.minus(line.amount);
  if (left.isZero()) {
    await records(q, models.inventory).remove(ref.appId, { id });
    return { before: entry };
  }
  return { before: entry, after: await records(q, models.inventory).updateOne(ref.appId, id, { set: { amount: plain(left) } }) };
}

/**
 * Uses up an amount of an item a player's selected persona holds (the game client's call), in one database
 * transaction after `lockPersona`; the entry goes when it reaches zero. Only items can be consumed.
 */
export async function consume(ctx: Ctx, who: PersonaRef & { actor: string }, itemId: string, amount: string) {
  const models = economyModels(ctx);
  return ctx.db.transaction(async (q) => {
    const ref = { appId: who.appId, personaId: who.personaId };
    await lockPersona(q, models, ref);
    const entry = await records(q, models.inventory).first(who.appId, { where: { id: itemId, personaId: ref.personaId } });
    if (!entry) throw notFound();
    const resource = (await loadResources(q, models, who.appId, [String(entry.resource)])).get(String(entry.resource));
    if (resource?.type !== 'Item') throw new ApiError(409, 'NOT_AN_ITEM', 'only items can be consumed');
    const bad = amountError(amount, resource.decimals, '/amount');
    if (bad) throw badRequest([bad]);
    const held = new Decimal(String(entry.amount));
    if (held.lt(amount)) {
      throw new ApiError(409, 'NOT_ENOUGH_ITEMS', 'not enough items', [{ field: '/amount', message: `holds ${plain(held)}` }]);
    }
    const { before, after } = await debit(q, models, ref, { resource: String(entry.resource), amount });
    const change = { before, after: after ?? null, target: itemId };
    await recordOperation(q, { actor: who.actor, appId: who.appId, action: 'passport.inventory.consume', ...change });
    return { entry: after ?? null, consumed: amount };
  });
}
