import type { DemoEntry } from '../demo-types';
import { ECONOMY_DEMO } from './demo-economy';
import { IDENTITY_DEMO } from './demo-identity';
import { LEADERBOARDS_DEMO } from './demo-leaderboards';
import { LIVEOPS_DEMO } from './demo-liveops';
import { PLAYERS_DEMO } from './demo-players';

/**
 * Passport's demo data, area by area in the order they build on each other: the players first, then what
 * refers to them.
 */
export const PASSPORT_DEMO: DemoEntry[] = [...PLAYERS_DEMO, ...IDENTITY_DEMO, ...LEADERBOARDS_DEMO, ...ECONOMY_DEMO, ...LIVEOPS_DEMO];
