import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoscaleOnce } from '../../server/services/func/autoscaler';
import { funcSupervisorOf } from '../../server/services/func/supervisors';
import { until } from './multiverse-fixtures';
import { funcArchive, startFunc, type FuncHarness } from './func-fixtures';

let h: FuncHarness;

const fnPath = (id: string) => `${h.base}/func/functions/${id}`;
const scale = () => autoscaleOnce(h.ctx, funcSupervisorOf(h.ctx));
const live = async (id: string) => (await h.fn('GET', `${fnPath(id)}/servers?pageSize=100`)).json().items.filter((s: { status: string }) => ['created', 'running'].includes(s.status));
const history = async (id: string) => (await h.fn('GET', `${fnPath(id)}/autoscaling-history`)).json().items as { operation: string; resource: string; from: number; to: number; why: string; cpuPercent?: number }[];

async function functionWithCode(name: string, level: string, startCommand: string): Promise<string> {
  const id = (await h.fn('POST', `${h.base}/func/functions`, { name, level })).json().id;
  const up = await h.upload(id, await funcArchive(), { startCommand });
  if (up.statusCode !== 200) throw new Error(up.body);
  return id;
}

beforeAll(async () => {
  // The job's own runs are far apart: the test runs each pass itself.
  h = await startFunc('autoscale', { FUNC_AUTOSCALE_EVERY_S: '3600', FUNC_PORT_RANGE: '17550-17599' });
});
afterAll(() => h.close());

describe('an autoscaler', () => {
  let idle: string;

  it('refuses a minimum above its maximum, and a change before it exists', async () => {
    idle = await functionWithCode('idle', '1000m', 'node players.mjs');
    const bad = await h.fn('POST', `${fnPath(idle)}/autoscaler`, { minServers: 3, maxServers: 2 });
    expect([bad.statusCode, bad.json().details?.[0]?.field]).toEqual([400, '/minServers']);
    expect((await h.fn('PUT', `${fnPath(idle)}/autoscaler`, { minServers: 1, maxServers: 2 })).statusCode).toBe(404);
    expect((await h.fn('GET', `${fnPath(idle)}/autoscaler`)).json()).toEqual({});
  });

  it('extends to its minimum, leaves a busy-enough count alone, and scales to zero when the minimum is 0 and nothing is used', async () => {
    const made = await h.fn('POST', `${fnPath(idle)}/autoscaler`, { minServers: 1, maxServers: 2, cpuTargetPercent: 50, cooldownSeconds: 0 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().status).toBe('open');
    expect(await scale()).toBe(1);
    expect(await live(idle)).toHaveLength(1);
    const [server] = await live(idle);
    await until(() => h.fn('GET', `${fnPath(idle)}/servers/${server.id}`).then((r) => r.json()), (s) => s.status === 'running');
    // One idle server at the minimum: nothing to do.
    expect(await scale()).toBe(0);
    expect((await h.fn('PUT', `${fnPath(idle)}/autoscaler`, { minServers: 0, maxServers: 2, cpuTargetPercent: 50, cooldownSeconds: 0 })).statusCode).toBe(200);
    expect(await scale()).toBe(1);
    expect(await live(idle)).toHaveLength(0);
    expect((await h.fn('GET', `${fnPath(idle)}/servers/${server.id}`)).json().status).toBe('deleted');
    const rows = await history(idle);
    expect(rows.map((r) => [r.operation, r.resource, r.from, r.to, r.why])).toEqual([
      ['shrink', 'cpu', 1, 0, 'below-targets'],
      ['extend', 'count', 0, 1, 'below-minimum'],
    ]);
  });

  it('adds a server when the CPU use is above its target, and no more than its maximum', async () => {
    const hot = await functionWithCode('hot', '100m', 'node burn.mjs');
    await h.fn('POST', `${fnPath(hot)}/autoscaler`, { minServers: 1, maxServers: 2, cpuTargetPercent: 50, cooldownSeconds: 0 });
    expect(await scale()).toBe(1);
    const [first] = await live(hot);
    await until(() => h.fn('GET', `${fnPath(hot)}/servers/${first.id}`).then((r) => r.json()), (s) => s.status === 'running');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await scale()).toBe(1);
    expect(await live(hot)).toHaveLength(2);
    const [extend] = await history(hot);
    expect([extend.operation, extend.resource, extend.from, extend.to, extend.why]).toEqual(['extend', 'cpu', 1, 2, 'cpu-above-target']);
    expect(extend.cpuPercent).toBeGreaterThan(50);
    // At its maximum, however busy.
    await until(() => live(hot), (servers) => servers.every((s: { status: string }) => s.status === 'running'));
    expect(await scale()).toBe(0);
  });

  it('does not take away an idle server started less than its cooldown ago, even when it never scaled itself', async () => {
    const fresh = await functionWithCode('fresh', '1000m', 'node players.mjs');
    await h.fn('POST', `${fnPath(fresh)}/autoscaler`, { minServers: 0, maxServers: 2, cpuTargetPercent: 50, cooldownSeconds: 60 });
    const started = await h.fn('POST', `${fnPath(fresh)}/servers`);
    expect(started.statusCode, started.body).toBe(201);
    await until(() => h.fn('GET', `${fnPath(fresh)}/servers/${started.json().id}`).then((r) => r.json()), (s) => s.status === 'running');
    // Two passes a second apart: the second measures the idle second alone (the first includes the start's CPU).
    expect(await scale()).toBe(0);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await scale()).toBe(0);
    expect((await live(fresh)).map((s: { id: string }) => s.id)).toEqual([started.json().id]);
    expect(await history(fresh)).toEqual([]);
  });

  it('closed, changes nothing more', async () => {
    const closed = await h.fn('DELETE', `${fnPath(idle)}/autoscaler`);
    expect([closed.statusCode, closed.json().status]).toEqual([200, 'closed']);
    const before = (await history(idle)).length;
    await h.fn('PUT', `${fnPath(idle)}/autoscaler`, { minServers: 2, maxServers: 2, cooldownSeconds: 0 });
    await scale();
    expect([(await history(idle)).length, (await live(idle)).length]).toEqual([before, 0]);
    const reopened = await h.fn('POST', `${fnPath(idle)}/autoscaler`, { minServers: 0, maxServers: 1, cooldownSeconds: 0 });
    expect([reopened.statusCode, reopened.json().status]).toEqual([201, 'open']);
  });
});
