import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './multiverse-fixtures';
import { funcArchive, lineClient, startFunc, type FuncHarness } from './func-fixtures';

let h: FuncHarness;
let fnId: string;
let quietId: string;
let serverId: string;

const fnPath = (id = fnId) => `${h.base}/func/functions/${id}`;
const running = async (id: string, fn = fnId) => until(() => h.fn('GET', `${fnPath(fn)}/servers/${id}`).then((r) => r.json()), (s) => s.status === 'running');

async function functionWithCode(name: string): Promise<string> {
  const id = (await h.fn('POST', `${h.base}/func/functions`, { name, level: '100m' })).json().id;
  expect((await h.upload(id, await funcArchive(), { startCommand: 'node players.mjs' })).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  h = await startFunc('observe', { FUNC_PORT_RANGE: '17600-17649', FUNC_AUTOSCALE_EVERY_S: '3600' });
  fnId = await functionWithCode('busy');
  quietId = await functionWithCode('quiet');
  serverId = (await h.fn('POST', `${fnPath()}/servers`)).json().id;
  const s = await running(serverId);
  const c = lineClient(s.port);
  expect(await c.say('JOIN alice')).toBe('JOINED alice');
  expect(await c.say('hello there')).toBe('ECHO hello there');
  c.close();
  await until(() => h.fn('GET', `${fnPath()}/servers/${serverId}`).then((r) => r.json()), (v) => v.playerCount === 1);
});
afterAll(() => h.close());

describe("a function's logs", () => {
  it("are searched by text and server across the servers' output", async () => {
    const found = (await h.fn('POST', `${h.base}/functions/${fnId}/cls-log`, { text: 'joined ALICE' })).json();
    expect(found.items.map((l: { line: string; serverId: string }) => [l.serverId, l.line])).toEqual([[serverId, 'JOIN alice -> JOINED alice']]);
    const all = (await h.fn('POST', `${h.base}/functions/${fnId}/cls-log`, { serverId })).json();
    expect(all.items.map((l: { line: string }) => l.line)).toEqual(expect.arrayContaining(['ready', 'hello there -> ECHO hello there']));
    const future = (await h.fn('POST', `${h.base}/functions/${fnId}/cls-log`, { start: new Date(Date.now() + 60_000).toISOString() })).json();
    expect(future.items).toEqual([]);
  });

  it('download as a text file, one line each', async () => {
    const file = await h.fn('GET', `${h.base}/functions/${fnId}/cls-log/download?text=ECHO`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const lines = file.body.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0].split(' ').slice(1)).toEqual([serverId, 'stdout', 'hello', 'there', '->', 'ECHO', 'hello', 'there']);
  });

  it('outlive the server while retention is on, and are not kept once it is off', async () => {
    await h.fn('DELETE', `${fnPath()}/servers/${serverId}`);
    const kept = (await h.fn('POST', `${h.base}/functions/${fnId}/cls-log`, { text: 'JOINED' })).json();
    expect(kept.total).toBe(1);
    const off = await h.fn('POST', `${fnPath(quietId)}/enable-cls`, { enabled: false });
    expect([off.statusCode, off.json().clsEnabled]).toEqual([200, false]);
    const id = (await h.fn('POST', `${fnPath(quietId)}/servers`)).json().id;
    await running(id, quietId);
    expect((await h.fn('POST', `${h.base}/functions/${quietId}/cls-log`, {})).json().total).toBeGreaterThan(0);
    await h.fn('DELETE', `${fnPath(quietId)}/servers/${id}`);
    expect((await h.fn('POST', `${h.base}/functions/${quietId}/cls-log`, {})).json().total).toBe(0);
  });

  it("are no other app's to read", async () => {
    expect((await h.other('POST', `${h.base}/functions/${fnId}/cls-log`, {})).statusCode).toBe(404);
    expect((await h.other('GET', `${h.base}/functions/${fnId}/cls-log/download`)).statusCode).toBe(404);
    expect((await h.fn('POST', `${h.base}/functions/no-such/cls-log`, {})).statusCode).toBe(404);
  });
});

describe("the functions' metrics", () => {
  it('CPU per function, the aggregation and the top functions read the servers', async () => {
    const id = (await h.fn('POST', `${fnPath()}/servers`)).json().id;
    await running(id);
    const c = lineClient((await h.fn('GET', `${fnPath()}/servers/${id}`)).json().port);
    await c.say('JOIN bob');
    await c.say('JOIN carol');
    c.close();
    await until(() => h.fn('GET', `${fnPath()}/servers/${id}`).then((r) => r.json()), (v) => v.playerCount === 2);
    const cpu = (await h.fn('GET', `${h.base}/functions/metrics/cpu-usage?functionId=${fnId}`)).json().items;
    expect(cpu.map((u: { name: string; servers: number; players: number }) => [u.name, u.servers, u.players])).toEqual([['busy', 1, 2]]);
    expect(cpu[0].coreSeconds).toBeGreaterThan(0);
    const sums = (await h.fn('GET', `${h.base}/functions/metrics/aggregation`)).json();
    expect([sums.functions, sums.enabled, sums.players, sums.servers.deleted, sums.servers.running]).toEqual([2, 2, 2, 2, 1]);
    const top = (await h.fn('GET', `${h.base}/functions/metrics/topk?by=players&k=1`)).json().items;
    expect(top.map((u: { name: string; players: number }) => [u.name, u.players])).toEqual([['busy', 2]]);
  });
});
