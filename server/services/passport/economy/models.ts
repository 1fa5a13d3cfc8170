import { modelOf, type Ctx } from '../../../context';
import type { ResourceModel } from '../../../engine/model';

/** The economy's declared resources (and the players area's personas, which inventories belong to). */
export interface EconomyModels {
  resources: ResourceModel;
  categories: ResourceModel;
  products: ResourceModel;
  transactions: ResourceModel;
  inventory: ResourceModel;
  tokenClasses: ResourceModel;
  tokenInstances: ResourceModel;
  personas: ResourceModel;
}

export function economyModels(ctx: Ctx): EconomyModels {
  const m = (name: string) => modelOf(ctx, 'passport', name);
  return {
    resources: m('resources'),
    categories: m('categories'),
    products: m('products'),
    transactions: m('transactions'),
    inventory: m('inventory'),
    tokenClasses: m('tokenClasses'),
    tokenInstances: m('tokenInstances'),
    personas: m('personas'),
  };
}
