/**
 * The demo app's Matchmaking: its match app, a one-on-one config on the demo's Multiverse game (skill within 100,
 * widening to 300 after 10 s and dropped after 30 s) and a four-on-four config without a server, and a few tickets
 * waiting — what the console shows, and what the tutorial's calls start from.
 */
import type { DemoEntry } from '../demo-types';
import { MULTIVERSE_DEMO_IDS } from '../multiverse/demo';

export const MATCH_DEMO_IDS = { duel: 'demo-duel', squads: 'demo-squads' } as const;

export const MATCH_DEMO: DemoEntry[] = [
  { call: 'apps.create', fields: { name: 'Skyforge arena' }, name: 'match-app' },
  {
    resource: 'configs',
    id: MATCH_DEMO_IDS.duel,
    name: 'duel',
    parent: { ref: 'match-app' },
    data: {
      name: 'duel',
      description: 'One on one, close skill first',
      enabled: true,
      teams: [{ name: 'red', size: 1 }, { name: 'blue', size: 1 }],
      rules: [{ name: 'skill', attribute: 'skill', kind: 'difference', maxDifference: 100, relaxations: [{ afterSeconds: 10, maxDifference: 300 }, { afterSeconds: 30, ignore: true }] }],
      regions: ['local'],
      gameId: MULTIVERSE_DEMO_IDS.game,
      timeoutSeconds: 60,
      backfill: false,
    },
  },
  {
    resource: 'configs',
    id: MATCH_DEMO_IDS.squads,
    name: 'squads',
    parent: { ref: 'match-app' },
    data: {
      name: 'squads',
      description: 'Four on four in the same mode',
      enabled: true,
      teams: [{ name: 'a', size: 4 }, { name: 'b', size: 4 }],
      rules: [{ name: 'mode', attribute: 'mode', kind: 'equal' }, { name: 'level', attribute: 'level', kind: 'difference', maxDifference: 5, relaxations: [{ afterSeconds: 20, maxDifference: 15 }] }],
      regions: ['local'],
      timeoutSeconds: 300,
      backfill: true,
    },
  },
  { call: 'tickets.create', params: { appId: { ref: 'app' } }, fields: { configId: MATCH_DEMO_IDS.squads, playerId: 'demo-player-1', attributes: { mode: 'capture', level: 12 } } },
  { call: 'tickets.create', params: { appId: { ref: 'app' } }, fields: { configId: MATCH_DEMO_IDS.squads, playerId: 'demo-player-2', attributes: { mode: 'capture', level: 14 } } },
  { call: 'tickets.create', params: { appId: { ref: 'app' } }, fields: { configId: MATCH_DEMO_IDS.squads, playerId: 'demo-player-3', attributes: { mode: 'deathmatch', level: 30 } } },
];
