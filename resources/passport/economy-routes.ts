/** Console routes of the economy area (relative to /services/:appId). */
export const ECONOMY_ROUTES = {
  resources: 'passport/economy/resource',
  products: 'passport/economy/product',
  purchases: 'passport/economy/purchase',
  inventory: 'passport/economy/package',
  metrics: 'passport/economy/metrics',
  tokenClasses: 'passport/gift/management',
  tokenInstances: 'passport/gift/instances',
} as const;
