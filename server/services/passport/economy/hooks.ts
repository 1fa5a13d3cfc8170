import { INVENTORY_CAPACITY } from '../../../../resources/passport/economy-flow';
import type { FieldError } from '../../../engine/errors';
import type { ResourceHooks, WriteInput } from '../../../engine/hooks';
import type { Data } from '../../../engine/store';
import { records } from '../../../engine/query';
import { lineErrors, linesErrors, loadResources, priceErrors, priceOf, resourceInUse, type Line } from './catalog';
import { economyModels } from './models';

/** Fields of a resource that products, gift packs and inventories depend on: fixed once it is in use. */
const SETTLED_FIELDS = ['slugName', 'type', 'decimals'] as const;

/** A resource's own rules: a real currency has a currency code and at most 2 decimals; nothing else has a code. */
export function resourceRuleErrors(data: Data): FieldError[] {
  if (data.type !== 'Currency') return data.currencyCode === undefined ? [] : [{ field: '/currencyCode', message: 'only a real currency has a currency code' }];
  const errors: FieldError[] = [];
  if (!data.currencyCode) errors.push({ field: '/currencyCode', message: 'a real currency needs a currency code' });
  if (Number(data.decimals ?? 0) > 2) errors.push({ field: '/decimals', message: 'a real currency has at most 2 decimals' });
  return errors;
}

const settled = (d: Data, f: (typeof SETTLED_FIELDS)[number]) => (f === 'decimals' ? Number(d.decimals ?? 0) : d[f]);

async function resourceErrors({ ctx, scopeId, data, existing }: WriteInput): Promise<FieldError[]> {
  const errors = resourceRuleErrors(data);
  if (existing) {
    const changed = SETTLED_FIELDS.filter((f) => settled(data, f) !== settled(existing, f));
    if (changed.length && (await resourceInUse(ctx.db, economyModels(ctx), scopeId, String(existing.slugName)))) {
      for (const f of changed) errors.push({ field: `/${f}`, message: 'in use by products, gift packs or inventories; cannot change' });
    }
  }
  return errors;
}

/**
 * A product's or import row's checks: its price (of a resource that exists: the engine checks the declared reference)
 * allows its amount, its contents name usable resources, and its category exists (when it is set or changed: a
 * product whose category was deleted since can still be edited).
 */
async function productErrors({ ctx, scopeId, data, existing }: WriteInput): Promise<FieldError[]> {
  const models = economyModels(ctx);
  const price = priceOf(data);
  const contents = data.contents as Line[];
  const known = await loadResources(ctx.db, models, scopeId, [price.resource, ...contents.map((l) => l.resource)]);
  const errors = [...(known.has(price.resource) ? priceErrors(price, known) : []), ...linesErrors(contents, known, '/contents')];
  if (typeof data.categoryId === 'string' && data.categoryId !== existing?.categoryId) {
    if (!(await records(ctx.db, models.categories).maybe(scopeId, data.categoryId))) errors.push({ field: '/categoryId', message: 'no such category' });
  }
  return errors;
}

async function tokenClassErrors({ ctx, scopeId, data }: WriteInput): Promise<FieldError[]> {
  const contents = data.contents as Line[];
  const known = await loadResources(ctx.db, economyModels(ctx), scopeId, contents.map((l) => l.resource));
  return linesErrors(contents, known, '/contents');
}

/**
 * An entry written by the game's server or an administrator: a holdable resource, room left. That its persona and
 * resource exist is checked by the engine (the declared references).
 */
async function inventoryErrors({ ctx, scopeId, data, existing }: WriteInput): Promise<FieldError[]> {
  const models = economyModels(ctx);
  const errors: FieldError[] = [];
  if (existing && (existing.personaId !== data.personaId || existing.resource !== data.resource)) {
    return [{ field: existing.personaId !== data.personaId ? '/personaId' : '/resource', message: 'an entry keeps its persona and resource' }];
  }
  const line = { resource: String(data.resource), amount: String(data.amount), properties: data.properties as Line['properties'] };
  const known = await loadResources(ctx.db, models, scopeId, [line.resource]);
  if (known.has(line.resource)) errors.push(...lineErrors(line, known, ''));
  if (!existing) {
    const held = await records(ctx.db, models.inventory).count(scopeId, { personaId: String(data.personaId) });
    if (held >= INVENTORY_CAPACITY) errors.push({ field: '/personaId', message: `a persona holds at most ${INVENTORY_CAPACITY} inventory entries` });
  }
  return errors;
}

export const economyHooks: Record<string, ResourceHooks> = {
  resources: { validate: resourceErrors },
  products: { validate: productErrors },
  tokenClasses: { validate: tokenClassErrors },
  inventory: { validate: inventoryErrors },
};
