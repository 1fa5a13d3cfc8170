/**
 * The SDK endpoints the documentation's SDK pages show are the ones servers really reach: every call a service
 * declares (`ServiceDecl.sdkEndpoint`) is made, in the declared order with its example body, on the endpoint a server
 * process is given, and answers 200 and reaches the service as the event it acts on.
 */
import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { startSdkEndpoint, type SdkState } from '../../server/services/multiverse/runtime/sdk-endpoint';
import type { SdkEvent } from '../../server/services/multiverse/runtime/driver';
import type { SdkCallName } from '../../resources/sdk-endpoint-types';

const declaring = services.filter((s) => s.sdkEndpoint);
const EVENT: Record<SdkCallName, SdkEvent['type'] | null> = {
  capacity: 'playerCapacity',
  ready: 'ready',
  health: 'health',
  allocate: 'allocate',
  reserve: 'reserve',
  label: 'label',
  annotation: 'annotation',
  playerConnect: 'playerConnect',
  playerDisconnect: 'playerDisconnect',
  playersConnected: null,
  gameServer: null,
  shutdown: 'shutdown',
};

describe('the declared SDK endpoints', () => {
  it('are declared by the services that run servers', () => {
    expect(declaring.map((s) => s.name).sort()).toEqual(['func', 'multiverse']);
  });

  it.each(declaring.map((s) => [s.name, s] as const))("%s's calls answer 200 on a server's own endpoint", async (_, service) => {
    const state: SdkState = { name: 'gs-1', state: 'Scheduled', address: '127.0.0.1', ports: [], labels: {}, annotations: {}, players: new Set(), capacity: 0 };
    const events: SdkEvent['type'][] = [];
    const endpoint = await startSdkEndpoint(state, (e) => events.push(e.type));
    try {
      for (const call of service.sdkEndpoint!.calls) {
        const res = await fetch(`http://127.0.0.1:${endpoint.port}${call.path}`, {
          method: call.method,
          headers: { 'content-type': 'application/json' },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        });
        expect(res.status, `${call.method} ${call.path}: ${await res.clone().text()}`).toBe(200);
        await res.arrayBuffer();
      }
    } finally {
      await endpoint.close();
    }
    // Each call that changes something reaches the service as the event it acts on; the reads only answer.
    const expected = service.sdkEndpoint!.calls.flatMap((c) => EVENT[c.name] ?? []);
    expect(events).toEqual(expected);
  });
});
