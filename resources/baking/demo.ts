/**
 * The demo app's baking: two agents, three sessions that ended (two finished, one failed) with their nodes, and one
 * running on the GPU agent. The finished nodes' time is metered on the days it was worked (the `nodeTime` step of
 * `server/services/baking/demo.ts`), so the statistics have something to show.
 */
import type { DemoEntry } from '../demo-types';

const ago = (hours: number) => ({ fromNow: { hours: -hours } });

/** An ended session and its one node, which worked `hours` ending `endedHoursAgo` ago. */
function ended(name: string, p: { scene: string; type: string; agent: string; agentName: string; state: 'Finished' | 'Failed'; hours: number; endedHoursAgo: number; message?: string }): DemoEntry[] {
  const started = ago(p.endedHoursAgo + p.hours);
  const stopped = ago(p.endedHoursAgo);
  const seconds = Math.round(p.hours * 3600);
  return [
    {
      resource: 'sessions',
      name,
      status: p.state,
      data: { name, scene: p.scene, instanceType: p.type, progress: p.state === 'Finished' ? 100 : 62, nodeCount: 1, startedAt: started, finishedAt: stopped, ...(p.message ? { message: p.message } : {}) },
    },
    { resource: 'nodes', parent: { ref: name }, status: p.state, data: { sessionId: { ref: name }, agentId: { ref: p.agent }, agentName: p.agentName, instanceType: p.type, startedAt: started, stoppedAt: stopped, seconds } },
    { step: 'nodeTime', with: { seconds, hoursAgo: p.endedHoursAgo } },
  ];
}

export const BAKING_DEMO: DemoEntry[] = [
  { resource: 'settings', data: { instanceTypes: [] } },
  // The studio's agents beat every six hours, so the demo's running session stays with its agent for the day.
  { resource: 'agents', name: 'studio-cpu', data: { name: 'studio-cpu-01', instanceType: 'cpu-16', heartbeatSeconds: 21600, lastHeartbeatAt: ago(0) } },
  { resource: 'agents', name: 'studio-gpu', data: { name: 'studio-gpu-01', instanceType: 'gpu-t4', heartbeatSeconds: 21600, lastHeartbeatAt: ago(0) } },
  ...ended('Harbour lightmaps', { scene: 'scenes/harbour.unity', type: 'cpu-16', agent: 'studio-cpu', agentName: 'studio-cpu-01', state: 'Finished', hours: 1.5, endedHoursAgo: 50 }),
  ...ended('Canyon light probes', { scene: 'scenes/canyon.unity', type: 'gpu-t4', agent: 'studio-gpu', agentName: 'studio-gpu-01', state: 'Finished', hours: 0.75, endedHoursAgo: 26 }),
  ...ended('Temple reflections', { scene: 'scenes/temple.unity', type: 'gpu-t4', agent: 'studio-gpu', agentName: 'studio-gpu-01', state: 'Failed', hours: 0.25, endedHoursAgo: 5, message: 'out of GPU memory' }),
  {
    resource: 'sessions',
    name: 'Market at night',
    status: 'Running',
    data: { name: 'Market at night', scene: 'scenes/market-night.unity', instanceType: 'gpu-t4', progress: 45, nodeCount: 1, agentId: { ref: 'studio-gpu' }, startedAt: ago(0.3) },
  },
  { resource: 'nodes', parent: { ref: 'Market at night' }, status: 'Running', data: { sessionId: { ref: 'Market at night' }, agentId: { ref: 'studio-gpu' }, agentName: 'studio-gpu-01', instanceType: 'gpu-t4', startedAt: ago(0.3), seconds: 0 } },
  { resource: 'agents', update: 'studio-gpu', set: { sessionId: { ref: 'Market at night' } } },
];
