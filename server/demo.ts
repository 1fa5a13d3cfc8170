import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { modelOf, type Ctx } from './context';
import { createAccount, createApp, createOrganization } from './platform/accounts';
import { handlersOf, hookRegistryOf, serviceModules } from './services';
import { services } from '../resources';
import { seedServiceDemo, type DemoSteps } from './engine/demo-seed';

export const DEMO_USER = { email: 'demo@example.com', password: 'lodestar-demo' };
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'lodestar-admin' };
export const DEMO_FINANCE = { email: 'finance@example.com', password: 'lodestar-finance' };

const configs = [
  { key: 'welcome_message', type: 'STRING', value: '欢迎来到 Demo Game！', description: 'Shown on the title screen' },
  { key: 'daily_reward_coins', type: 'INT', value: '100', description: 'Coins granted at the first sign-in of the day' },
  { key: 'drop_rate', type: 'FLOAT', value: '0.05', description: 'Rare item drop chance' },
  { key: 'spring_event_enabled', type: 'BOOL', value: 'false', description: 'Turns the spring event on' },
  { key: 'shop_layout', type: 'JSON', variableType: 'json', value: '{"tabs":["featured","coins","skins"],"columns":3}', description: 'Shop tabs and grid' },
];

const overrides = [
  {
    name: 'Mainland China reward boost',
    rule: 'user.country == "CN"',
    priority: 10,
    rolloutPercentage: 100,
    variants: [{ name: 'variant 1', weight: 100, values: { daily_reward_coins: '150', welcome_message: '新春快乐，欢迎回来！' } }],
  },
  {
    name: 'Spring event A/B',
    rule: 'semver(app.version) >= semver("1.2")',
    priority: 50,
    rolloutPercentage: 50,
    variants: [
      { name: 'variant 1', weight: 50, values: { spring_event_enabled: 'true', drop_rate: '0.08' } },
      { name: 'variant 2', weight: 50, values: { spring_event_enabled: 'true', drop_rate: '0.12' } },
    ],
  },
];

/** The steps a service's declared demo data runs, from every module of that service (a name given twice is an error). */
export function demoStepsOf(service: string): DemoSteps {
  const all: DemoSteps = {};
  for (const mod of serviceModules.filter((m) => m.service === service)) {
    for (const [name, step] of Object.entries(mod.seedSteps ?? {})) {
      if (all[name]) throw new Error(`${service}: two modules give the demo step '${name}'`);
      all[name] = step;
    }
  }
  return all;
}

/** Seeds the demo accounts, organisation and app on an empty database. Returns false if there was data. */
export async function seedDemo(db: Db, ctx: Ctx): Promise<boolean> {
  const existing = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
  if (Number(existing.rows[0].n) > 0) return false;
  const userId = await createAccount(db, { ...DEMO_USER, name: 'Demo Developer' });
  await createAccount(db, { ...DEMO_ADMIN, name: 'Administrator', isAdmin: true });
  const financeId = await createAccount(db, { ...DEMO_FINANCE, name: 'Finance' });
  await db.query('UPDATE accounts SET is_finance_admin = true WHERE id = $1', [financeId]);
  // The demo people have accepted the current terms of use, so signing in goes straight to the console.
  await db.query(`UPDATE accounts SET properties = properties || jsonb_build_object('policyVersion', $1::text)`, [ctx.config.policyVersion]);
  const orgId = await createOrganization(db, 'Demo Studio', userId);
  const appId = await createApp(db, orgId, 'Demo Game', ['remote-config', 'passport', 'asset-streaming', 'upr', 'wind', 'safe', 'baking', 'device', 'save', 'multiverse', 'push', 'hello', 'metrics', 'storage', 'stacktrace', 'match', 'func', 'func-stateless']);
  const cm = modelOf(ctx, 'remote-config', 'configs');
  for (const c of configs) await ctx.store.insert(cm, appId, randomUUID(), { variableType: 'keyValue', ...c }, null);
  const om = modelOf(ctx, 'remote-config', 'overrides');
  for (const o of overrides) await ctx.store.insert(om, appId, randomUUID(), { description: '', ...o }, 'enable');
  const hooks = hookRegistryOf(serviceModules);
  for (const s of services) if (s.demo) await seedServiceDemo(ctx, s, appId, demoStepsOf(s.name), handlersOf(ctx, s.name), hooks);
  return true;
}
