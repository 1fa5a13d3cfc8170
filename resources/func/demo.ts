/**
 * The demo app's stateful function: `battle-room`, a standard-level function sending each player to the server with
 * the fewest players, with an autoscaler that keeps none to three servers by CPU. Its code is uploaded by the
 * developer (the repository's `examples/func-players` is one), so no server runs until then. The demo's records are
 * stored as written, so the level's figures are given with it.
 */
import type { DemoEntry } from '../demo-types';

export const FUNC_DEMO: DemoEntry[] = [
  {
    resource: 'functions',
    name: 'battle-room',
    data: { name: 'battle-room', description: 'Battle rooms kept in memory, one server per few matches', level: '1000m', port: 8899, endpointSelection: 'LEAST', env: [{ envKey: 'MAX_ROOMS', envValue: '8' }], millicores: 1000, memoryMiB: 1536, trial: false, allocationTtlMinutes: 10, clsEnabled: true },
  },
  { call: 'autoscaler.create', record: { ref: 'battle-room' }, fields: { minServers: 0, maxServers: 3, cpuTargetPercent: 70, cooldownSeconds: 60 } },
];
