/**
 * The demo app's stateless functions: `daily-reward`, deployed from the console's editor twice (the second version
 * live), its gateway on, a timer trigger, a default environment, and a few invocations made by the invoke call, so
 * the function's page shows versions, logs and usage.
 */
import type { DemoEntry } from '../demo-types';

/** The demo function's code: a reward picked by the player's login streak, read from the default environment. */
export const DEMO_CODE_V1 = `exports.handler = async (event, context) => {
  const streak = Number(event.streak ?? 1);
  console.log('streak', streak);
  return { coins: 10 * Math.min(streak, 7) };
};
`;

export const DEMO_CODE_V2 = `const rewards = require('./rewards.json');

exports.handler = async (event, context) => {
  const streak = Math.max(1, Math.min(Number(event.streak ?? 1), rewards.length));
  const bonus = Number(context.env.BONUS_COINS ?? 0);
  console.log('player', event.playerId, 'streak', streak);
  return { coins: rewards[streak - 1] + bonus, version: context.version };
};
`;

export const DEMO_REWARDS = JSON.stringify([10, 20, 30, 40, 60, 80, 120]);

export const FUNC_STATELESS_DEMO: DemoEntry[] = [
  {
    resource: 'functions',
    name: 'daily-reward',
    data: { name: 'daily-reward', description: 'Daily login reward by streak', runtime: 'javascript-quickjs', handler: 'index.handler', memoryMb: 64, timeoutMs: 3000 },
  },
  { call: 'scf.put', record: { ref: 'daily-reward' }, fields: { files: { 'index.js': DEMO_CODE_V1 }, description: 'First version' } },
  { call: 'scf.put', record: { ref: 'daily-reward' }, fields: { files: { 'index.js': DEMO_CODE_V2, 'rewards.json': DEMO_REWARDS }, description: 'Rewards from a table, bonus from the environment' } },
  { call: 'defaultEnv', record: { ref: 'daily-reward' }, fields: { variables: { BONUS_COINS: '5' } } },
  { call: 'gateway', record: { ref: 'daily-reward' }, fields: { enabled: true, rateLimitPerMinute: 600 } },
  { call: 'triggers.create', record: { ref: 'daily-reward' }, fields: { name: 'midnight', cron: '0 0 * * *', payload: '{"playerId":"system","streak":1}' } },
  { call: 'invoke', record: { ref: 'daily-reward' }, fields: { event: { playerId: 'p-1001', streak: 3 } } },
  { call: 'invoke', record: { ref: 'daily-reward' }, fields: { event: { playerId: 'p-1002', streak: 9 } } },
];
