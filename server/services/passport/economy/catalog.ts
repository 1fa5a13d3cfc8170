import type { ResourceType } from '../../../../resources/passport/economy-flow';
import type { Queryable } from '../../../db';
import type { FieldError } from '../../../engine/errors';
import { records } from '../../../engine/query';
import type { EconomyModels } from './models';
import { amountError, propertiesError } from './amounts';

/** A resource as purchases and grants need it. */
export interface ResourceInfo {
  id: string;
  slugName: string;
  name: string;
  type: ResourceType;
  decimals: number;
  currencyCode?: string;
}

/** One line of a product's or gift pack's contents, or a price. */
export interface Line {
  resource: string;
  amount: string;
  properties?: Record<string, unknown>;
}

/** The app's resources with these slugs, by slug. */
export async function loadResources(q: Queryable, models: EconomyModels, appId: string, slugs: string[]): Promise<Map<string, ResourceInfo>> {
  const found = await records(q, models.resources).find(appId, { where: { slugName: { $in: [...new Set(slugs)] } } });
  return new Map(
    found.map((d) => {
      const info: ResourceInfo = {
        id: String(d.id),
        slugName: String(d.slugName),
        name: String(d.name),
        type: d.type as ResourceType,
        decimals: Number(d.decimals ?? 0),
        ...(typeof d.currencyCode === 'string' ? { currencyCode: d.currencyCode } : {}),
      };
      return [info.slugName, info];
    }),
  );
}

/** Field errors of one held line at `at` (a resource that exists and can be held, an amount it allows, small properties). */
export function lineErrors(line: Line, known: Map<string, ResourceInfo>, at: string): FieldError[] {
  const r = known.get(line.resource);
  const errors: (FieldError | undefined)[] = [];
  if (!r) errors.push({ field: `${at}/resource`, message: 'no such resource' });
  else if (r.type === 'Currency') errors.push({ field: `${at}/resource`, message: 'a real currency cannot be held in an inventory' });
  else errors.push(amountError(line.amount, r.decimals, `${at}/amount`));
  errors.push(propertiesError(line.properties, `${at}/properties`));
  return errors.filter((e) => e !== undefined);
}

/** Field errors of contents lines, each under `<field>/<index>`. */
export const linesErrors = (lines: Line[], known: Map<string, ResourceInfo>, field: string): FieldError[] =>
  lines.flatMap((line, i) => lineErrors(line, known, `${field}/${i}`));

/** A product's or transaction's price (`priceResource`, `priceAmount`) as a line. */
export const priceOf = (d: Record<string, unknown>): Line => ({ resource: String(d.priceResource), amount: String(d.priceAmount) });

/** Field errors of a price: a resource that exists and a positive amount it allows. */
export function priceErrors(price: Line, known: Map<string, ResourceInfo>): FieldError[] {
  const r = known.get(price.resource);
  if (!r) return [{ field: '/priceResource', message: 'no such resource' }];
  const bad = amountError(price.amount, r.decimals, '/priceAmount');
  return bad ? [bad] : [];
}

/** Whether products, gift packs or inventories name a resource by this slug. */
export async function resourceInUse(q: Queryable, models: EconomyModels, appId: string, slug: string): Promise<boolean> {
  const line = { contents: { $contains: [{ resource: slug }] } };
  return (
    (await records(q, models.products).exists(appId, { $or: [{ priceResource: slug }, line] })) ||
    (await records(q, models.tokenClasses).exists(appId, line)) ||
    (await records(q, models.inventory).exists(appId, { resource: slug }))
  );
}
