import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echoArchive, startMultiverse, udpExchange, until, type MultiverseHarness } from './multiverse-fixtures';

let h: MultiverseHarness;
let imageId: string;
let profileId: string;
let gameId: string;

const game = () => `${h.base}/allocation/games/${gameId}/allocations`;
const server = (id: string) => h.mv('GET', `${h.base}/servers/${id}`).then((r) => r.json());

beforeAll(async () => {
  h = await startMultiverse('alloc', { MULTIVERSE_PORT_RANGE: '17300-17349', MULTIVERSE_BILL_EVERY_S: '1' });
});
afterAll(() => h.close());

describe('an image from the example archive', () => {
  it('is uploaded pending, then built through the steps to success, each in its log', async () => {
    const up = await h.upload(await echoArchive(), { name: 'echo', startCommand: 'node server.mjs' });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().status).toBe('pending');
    imageId = up.json().id;
    // The build job runs on its own every second; running it here too only makes it sooner.
    await h.build();
    const image = await until(() => h.mv('GET', `${h.base}/images/${imageId}`).then((r) => r.json()), (i) => !['pending', 'download', 'decompress', 'check', 'chmod', 'build_docker_image'].includes(i.status));
    expect([image.status, image.stepCode, image.files], JSON.stringify(image.logs)).toEqual(['success', 30, 3]);
    const logs = (await h.mv('GET', `${h.base}/images/${imageId}/logs`)).json().logs.map((l: { line: string }) => l.line.split(':')[0]);
    expect(logs).toEqual(expect.arrayContaining(['download', 'decompress', 'check', 'chmod', 'build', 'built']));
  });
});

describe('a profile released and an on-demand game', () => {
  it('a revision derives millicores, memory and normalised env names; release makes it the profile\'s', async () => {
    gameId = (await h.mv('POST', `${h.base}/game/games`, { name: 'echo-game', mode: 'OnDemandGame', regions: ['local'] })).json().id;
    profileId = (await h.mv('POST', `${h.base}/profiles`, { gameId, name: 'default' })).json().id;
    const rev = await h.mv('POST', `${h.base}/profile-revisions`, {
      profileId,
      imageId,
      cpu: 0.3,
      env: [{ name: '1st-mode', value: 'duel' }, { name: 'MAP.NAME', value: 'dust' }],
      health: { periodSeconds: 1, failureThreshold: 5, initialDelaySeconds: 5 },
    });
    expect(rev.statusCode, rev.body).toBe(201);
    const r = rev.json();
    expect([r.revision, r.millicores, r.memoryMiB, r.status, r.ports]).toEqual([1, 300, 461, 'draft', [{ name: 'game', port: 9998, protocol: 'UDP' }]]);
    expect(r.environment).toEqual({ _1st_mode: 'duel', MAP_NAME: 'dust' });
    const released = await h.mv('POST', `${h.base}/profile-revisions/${r.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect((await h.mv('GET', `${h.base}/profiles/${profileId}`)).json().releasedRevisionId).toBe(r.id);
    expect((await h.mv('PUT', `${h.base}/game/games/${gameId}`, { name: 'echo-game', mode: 'OnDemandGame', regions: ['local'], profileId, version: 1 })).statusCode).toBe(200);
  });

  it('an allocation starts a server that calls Ready → allocated; it echoes; delete → deallocated, the process gone', async () => {
    const made = await h.mv('POST', game(), { region: 'local' });
    expect(made.statusCode, made.body).toBe(201);
    const a = made.json();
    expect([a.status, a.sdkState, a.kind]).toEqual(['allocated', 'Allocated', 'allocation']);
    expect(a.port).toBeGreaterThanOrEqual(17300);
    expect(a.port).toBeLessThanOrEqual(17349);
    expect(await udpExchange(a.address, a.port, 'hello')).toBe('ECHO hello');
    const log = (await h.mv('GET', `${game()}/${a.id}/log`)).json().logs.map((l: { line: string }) => l.line);
    expect(log).toContain('ready');
    const metrics = (await h.mv('GET', `${game()}/${a.id}/metrics`)).json();
    expect(metrics.running).toBe(true);
    expect(metrics.memoryBytes).toBeGreaterThan(0);
    expect((await h.mv('GET', game())).json().items.map((s: { id: string }) => s.id)).toContain(a.id);
    const gone = await h.mv('DELETE', `${game()}/${a.id}`);
    expect(gone.json().status).toBe('deallocated');
    await expect(udpExchange(a.address, a.port, 'again', 500)).rejects.toThrow();
    expect(() => process.kill(a.pid, 0)).toThrow();
  });

  it('kill -9 of an allocated server → unhealthy → failed, noticed within seconds', async () => {
    const a = (await h.mv('POST', game(), { region: 'local' })).json();
    expect(a.status).toBe('allocated');
    process.kill(a.pid, 'SIGKILL');
    const failed = await until(() => server(a.id), (s) => s.status === 'failed', 5000);
    expect([failed.reason, failed.sdkState]).toEqual(['the server process exited', 'Shutdown']);
  });

  it('bills a running server its reserved cores as it runs; one whose record is gone is stopped and no longer billed', async () => {
    const cpu = () => h.db.query<{ q: string }>("SELECT coalesce(sum(quantity), 0)::text AS q FROM usage_events WHERE app_id = $1 AND service = 'multiverse' AND meter = 'cpu'", [h.mvAppId]).then((r) => Number(r.rows[0].q));
    // Read before the server starts: its first billing may come at any moment after.
    const before = await cpu();
    const started = Date.now();
    const a = (await h.mv('POST', game(), { region: 'local' })).json();
    const billed = await until(() => server(a.id), (s) => Number(s.cpuSeconds) > 0, 5000);
    // The released revision reserves 0.3 core: billed no more than that for the time it has run.
    expect(Number(billed.cpuSeconds)).toBeLessThanOrEqual((0.3 * (Date.now() - started)) / 1000);
    // The meter is written just after the server's own figure.
    expect(await until(cpu, (q) => q > before, 5000)).toBeGreaterThan(before);
    // The server's record removed behind the platform's back (data put back from before it started).
    await h.db.query(`DELETE FROM ${h.tableOf('multiverse', 'servers')} WHERE id = $1`, [a.id]);
    await until(async () => { try { process.kill(a.pid, 0); return false; } catch { return true; } }, (gone) => gone, 5000);
    const after = await cpu();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await cpu()).toBe(after);
  });

  it('a server that never calls Ready is canceled when the allocation TTL passes, its process stopped', async () => {
    const never = await h.upload(await echoArchive(), { name: 'never-ready', startCommand: 'node idle.mjs' });
    expect(never.statusCode).toBe(201);
    await h.build();
    await until(() => h.mv('GET', `${h.base}/images/${never.json().id}`).then((r) => r.json()), (i) => i.status === 'success');
    const rev = (await h.mv('POST', `${h.base}/profile-revisions`, { profileId, imageId: never.json().id, health: { periodSeconds: 30, failureThreshold: 3, initialDelaySeconds: 30 } })).json();
    await h.mv('POST', `${h.base}/profile-revisions/${rev.id}/release`);
    const a = (await h.mv('POST', game(), { region: 'local', ttlSeconds: 1 })).json();
    expect([a.status, a.reason]).toEqual(['canceled', 'the server was not Ready within the allocation TTL']);
    await until(() => server(a.id), (s) => s.sdkState === 'Shutdown', 5000);
    expect(() => process.kill(a.pid, 0)).toThrow();
  });

  it('refuses a region the game does not have', async () => {
    const bad = await h.mv('POST', game(), { region: 'mars' });
    expect([bad.statusCode, bad.json().details?.[0]?.field]).toEqual([400, '/region']);
  });
});
