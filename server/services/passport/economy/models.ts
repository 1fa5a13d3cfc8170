import { modelOf, type Ctx } from '../../../context';
import type { ResourceModel } from '../../../engine/model';

/** The economy's declared resources (and the players area's personas, which inventories belong to). */
const NAMES = ['resources', 'categories', 'products', 'transactions', 'inventory', 'tokenClasses', 'tokenInstances', 'personas'] as const;

export type EconomyModels = Record<(typeof NAMES)[number], ResourceModel>;

export const economyModels = (ctx: Ctx): EconomyModels =>
  Object.fromEntries(NAMES.map((n) => [n, modelOf(ctx, 'passport', n)])) as EconomyModels;
