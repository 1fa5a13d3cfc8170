/**
 * The demo app's cloud saves: three players' JSON slots written through the write call as a game's server would (one
 * written twice, at version 2), so the saves list, a save's page and the top players' table have something to show.
 */
import type { DemoEntry } from '../demo-types';

export const SAVE_DEMO: DemoEntry[] = [
  { call: 'saves.write', fields: { playerId: 'demo-aria', slot: 'main', description: 'Chapter 2, before the bridge', data: { chapter: 2, level: 14, coins: 1250, inventory: ['bow', 'lantern'] } } },
  { call: 'saves.write', fields: { playerId: 'demo-aria', slot: 'main', version: 1, description: 'Chapter 3, the canyon', data: { chapter: 3, level: 17, coins: 1610, inventory: ['bow', 'lantern', 'rope'] } } },
  { call: 'saves.write', fields: { playerId: 'demo-aria', slot: 'hard-mode', data: { chapter: 1, level: 3, coins: 90, inventory: [] } } },
  { call: 'saves.write', fields: { playerId: 'demo-bruno', slot: 'main', data: { chapter: 1, level: 6, coins: 320, inventory: ['sword'] } } },
  { call: 'saves.write', fields: { playerId: 'demo-chen', slot: 'main', data: { chapter: 4, level: 22, coins: 4800, inventory: ['staff', 'map', 'key'] } } },
];
