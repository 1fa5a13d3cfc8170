import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './multiverse-fixtures';
import { hostname } from 'node:os';
import { records } from '../../server/engine/query';
import { funcModule } from '../../server/services/func/index';
import { funcModels } from '../../server/services/func/models';
import { funcArchive, lineClient, startFunc, type FuncHarness } from './func-fixtures';

let h: FuncHarness;
let fnId: string;

const fnPath = (id = fnId) => `${h.base}/func/functions/${id}`;
const server = (id: string) => h.fn('GET', `${fnPath()}/servers/${id}`).then((r) => r.json());

beforeAll(async () => {
  h = await startFunc('servers', { FUNC_BILL_EVERY_S: '1' });
});
afterAll(() => h.close());

describe('a function', () => {
  it('is created enabled with its level figures worked out (1000m: 10-minute TTL; 100m: trial, 1 minute)', async () => {
    const made = await h.fn('POST', `${h.base}/func/functions`, { name: 'room', level: '1000m', endpointSelection: 'LEAST' });
    expect(made.statusCode, made.body).toBe(201);
    const f = made.json();
    fnId = f.id;
    expect([f.status, f.millicores, f.trial, f.allocationTtlMinutes, f.port]).toEqual(['enabled', 1000, false, 10, 8899]);
    const trial = (await h.fn('POST', `${h.base}/func/functions`, { name: 'trial', level: '100m' })).json();
    expect([trial.millicores, trial.trial, trial.allocationTtlMinutes]).toEqual([100, true, 1]);
    const listed = (await h.fn('GET', `${h.base}/func/functions/${h.appId}/list?level=100m`)).json();
    expect([listed.total, listed.items.map((i: { name: string }) => i.name)]).toEqual([1, ['trial']]);
  });

  it('refuses a level it does not have, a port out of range and a start before its code', async () => {
    expect((await h.fn('POST', `${h.base}/func/functions`, { name: 'bad', level: '300m' })).statusCode).toBe(400);
    expect((await h.fn('POST', `${h.base}/func/functions`, { name: 'bad', port: 70000 })).statusCode).toBe(400);
    const early = await h.fn('POST', `${fnPath()}/servers`);
    expect([early.statusCode, early.json().message]).toEqual([409, 'the function has no code']);
  });

  it('takes code that is an archive with a start command of its files, and nothing else', async () => {
    const notArchive = await h.upload(fnId, new TextEncoder().encode('just text'), { startCommand: 'node server.mjs' }, 'application/octet-stream');
    expect([notArchive.statusCode, notArchive.json().message]).toEqual([400, 'the upload is not a zip or tar.gz archive']);
    const outside = await h.upload(fnId, await funcArchive(), { startCommand: 'node ../server.mjs' });
    expect([outside.statusCode, outside.json().message]).toEqual([400, 'the start command is outside the archive']);
    const up = await h.upload(fnId, await funcArchive(), { startCommand: 'node players.mjs', fileName: 'room.zip' });
    expect(up.statusCode, up.body).toBe(200);
    expect([up.json().startCommand, up.json().codeFiles, up.json().codeFileName]).toEqual(['node players.mjs', 3, 'room.zip']);
  });

  it("is another app's to no one: 404 for it and for a function that does not exist", async () => {
    expect((await h.other('GET', fnPath())).statusCode).toBe(404);
    expect((await h.other('POST', `${fnPath()}/servers`)).statusCode).toBe(404);
    expect((await h.fn('GET', fnPath('no-such-function'))).statusCode).toBe(404);
    expect((await h.fn('GET', `${h.base}/func/functions/${h.appId}-x/list`)).statusCode).toBe(404);
  });

  it('disabled starts no server; enabled again it does', async () => {
    expect((await h.fn('POST', `${fnPath()}/disable`)).json().status).toBe('disabled');
    const refused = await h.fn('POST', `${fnPath()}/servers`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'the function is disabled']);
    expect((await h.fn('POST', `${fnPath()}/disable`)).statusCode).toBe(409);
    expect((await h.fn('POST', `${fnPath()}/enable`)).json().status).toBe('enabled');
  });
});

describe('its servers', () => {
  let first: string;
  let second: string;

  it('start created and move to running when the process calls Ready', async () => {
    const made = await h.fn('POST', `${fnPath()}/servers`, { note: 'first', tags: { map: 'dust' } });
    expect(made.statusCode, made.body).toBe(201);
    first = made.json().id;
    expect(['created', 'running']).toContain(made.json().status);
    const s = await until(() => server(first), (v) => v.status === 'running');
    expect([s.sdkState, s.millicores, s.port >= 17500 && s.port <= 17549]).toEqual(['Ready', 1000, true]);
    second = (await h.fn('POST', `${fnPath()}/servers`)).json().id;
    await until(() => server(second), (v) => v.status === 'running');
  });

  it('players join through the SDK; LEAST sends the next player to the emptier server; tags come from SetLabel', async () => {
    const a = lineClient((await server(first)).port);
    expect(await a.say('JOIN p1')).toBe('JOINED p1');
    expect(await a.say('JOIN p2')).toBe('JOINED p2');
    expect(await a.say('TAG mode=duel')).toBe('TAGGED mode');
    a.close();
    await until(() => server(first), (v) => v.playerCount === 2);
    const players = (await h.fn('GET', `${h.base}/functions/${fnId}/${first}/players`)).json();
    expect([players.playerCount, players.items.map((p: { playerId: string }) => p.playerId).sort()]).toEqual([2, ['p1', 'p2']]);
    const sum = (await h.fn('GET', `${h.base}/func/${fnId}/player-count-sum`)).json();
    expect(sum.playerCount).toBe(2);
    const picked = (await h.fn('POST', `${fnPath()}/endpoint`)).json();
    expect([picked.serverId, picked.selection]).toEqual([second, 'LEAST']);
    const tags = (await h.fn('GET', `${fnPath()}/server-tags`)).json().items;
    expect(tags).toEqual([{ key: 'map', value: 'dust', servers: 1 }, { key: 'mode', value: 'duel', servers: 1 }]);
  });

  it('LATEST sends a player to the last started server', async () => {
    const v = (await h.fn('GET', fnPath())).json().version;
    expect((await h.fn('PUT', fnPath(), { name: 'room', level: '1000m', endpointSelection: 'LATEST', version: v })).statusCode).toBe(200);
    expect((await h.fn('POST', `${fnPath()}/endpoint`)).json().serverId).toBe(second);
  });

  it('a note is changed; a delete moves the server to deleting, then deleted, its output kept and its time recorded', async () => {
    expect((await h.fn('PUT', `${fnPath()}/servers/${first}`, { note: 'changed' })).json().note).toBe('changed');
    await new Promise((r) => setTimeout(r, 1200));
    const gone = await h.fn('DELETE', `${fnPath()}/servers/${first}?graceSeconds=2`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().status).toBe('deleted');
    expect(gone.json().cpuSeconds).toBeGreaterThan(0);
    expect(gone.json().logTail.map((l: { line: string }) => l.line)).toEqual(expect.arrayContaining(['ready', 'stopping']));
    expect((await h.fn('GET', `${h.base}/functions/${fnId}/no-such/players`)).statusCode).toBe(404);
  });

  it('a server that shuts itself down through the SDK is deleted', async () => {
    const c = lineClient((await server(second)).port);
    expect(await c.say('EXIT')).toBe('BYE');
    c.close();
    const s = await until(() => server(second), (v) => v.status === 'deleted');
    expect(s.reason).toBe('the server shut down');
    const none = await h.fn('POST', `${fnPath()}/endpoint`);
    expect([none.statusCode, none.json().message]).toEqual([409, 'the function has no running server']);
  });

  it('a server killed with SIGKILL → unhealthy → failed', async () => {
    const id = (await h.fn('POST', `${fnPath()}/servers`)).json().id;
    const s = await until(() => server(id), (v) => v.status === 'running' && v.pid > 0);
    process.kill(s.pid, 'SIGKILL');
    const failed = await until(() => server(id), (v) => v.status === 'failed');
    expect([failed.reason, failed.sdkState]).toEqual(['the server process exited', 'Shutdown']);
  });

  it('a server that stops its health pings → unhealthy → failed', async () => {
    const made = await h.fn('POST', `${h.base}/func/functions`, { name: 'quiet', healthPeriodSeconds: 1, env: [{ envKey: 'HEALTH_INTERVAL_MS', envValue: '600000' }] });
    const quiet = made.json().id;
    expect((await h.upload(quiet, await funcArchive(), { startCommand: 'node server.mjs' })).statusCode).toBe(200);
    const id = (await h.fn('POST', `${fnPath(quiet)}/servers`)).json().id;
    const read = () => h.fn('GET', `${fnPath(quiet)}/servers/${id}`).then((r) => r.json());
    await until(read, (v) => v.status === 'running');
    const failed = await until(read, (v) => v.status === 'failed');
    expect(failed.reason).toBe('the server missed its health checks');
  });

  it('left running by an earlier run of the platform, is found at start-up: its process killed, its record failed', async () => {
    const id = (await h.fn('POST', `${fnPath()}/servers`)).json().id;
    const s = await until(() => server(id), (v) => v.status === 'running' && v.pid > 0);
    // As an earlier run on this machine would have left it: another instance's.
    await records(h.db, funcModels(h.ctx).servers).update(h.appId, { id }, { set: { instance: `${hostname()}:1` } });
    await funcModule.prepare!(h.ctx);
    const failed = await until(() => server(id), (v) => v.status === 'failed');
    expect(failed.reason).toBe('the platform restarted');
    await until(async () => { try { process.kill(s.pid, 0); return false; } catch { return true; } }, (gone) => gone);
  });
});
