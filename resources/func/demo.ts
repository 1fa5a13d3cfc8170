/**
 * The demo app's stateful function: `battle-room`, a standard-level function sending each player to the server with
 * the fewest players, with an autoscaler that keeps none to three servers by CPU. Its code is uploaded by the
 * developer (the repository's `examples/func-players` is one), so no server runs until then. The level's figures
 * (CPU, memory, trial, allocation TTL) are worked out by the resource's derive hook, as for a function created by hand.
 */
import type { DemoEntry } from '../demo-types';

export const FUNC_DEMO: DemoEntry[] = [
  {
    resource: 'functions',
    name: 'battle-room',
    data: { name: 'battle-room', description: 'Battle rooms kept in memory, one server per few matches', level: '1000m', port: 8899, endpointSelection: 'LEAST', env: [{ envKey: 'MAX_ROOMS', envValue: '8' }] },
  },
  { call: 'autoscaler.create', record: { ref: 'battle-room' }, fields: { minServers: 0, maxServers: 3, cpuTargetPercent: 70, cooldownSeconds: 60 } },
];
