import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wind } from '../../resources/wind';
import { upr } from '../../resources/upr';
import { callUrl } from '../../resources/call-types';
import { MIB } from '../../resources/wind/channel-rules';
import { WIND_DEMO_BUCKET_ID } from '../../resources/wind/demo-build';
import { commandCallAddress } from '../../resources/command-call';
import { startHarness, type Harness } from './harness';
import { B, newBucket, putEntry, type CdnHarness } from './cdn-fixtures';

const W = wind.base;
let h: Harness;
let cdn: CdnHarness;
let channelServer: Server;
let endpoint: string;
/** What the channel endpoint received, by path. */
const received: { path: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];

beforeAll(async () => {
  h = await startHarness();
  h.ctx.config.blobDir = await mkdtemp(join(tmpdir(), 'lodestar-wind-test-'));
  cdn = { ...h, cdnAppId: h.appId, cdnBasic: h.basic, cdn: h.svc };
  // A channel's upload endpoint: `/ok` takes the package, `/refuse` answers 503.
  channelServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url === '/ok' ? 200 : 503).end('{}');
    });
  });
  await new Promise<void>((resolve) => channelServer.listen(0, '127.0.0.1', resolve));
  const address = channelServer.address();
  endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => channelServer.close(resolve));
  await h.close();
});

const setChannel = (channel: string, body: Record<string, unknown>) => h.svc('PUT', `${W}/channels/${channel}`, body);
const publish = (body: Record<string, unknown>) => h.svc('POST', `${W}/${h.appId}/publish`, body);

/** A released build of these files (path → text) in a new bucket. */
async function build(name: string, files: Record<string, string>): Promise<{ bucketId: string; releaseId: string }> {
  const bucketId = (await newBucket(cdn, name)).id;
  for (const [path, text] of Object.entries(files)) await putEntry(cdn, bucketId, path, text);
  const release = await h.svc('POST', `${B}/${bucketId}/releases/`, {});
  expect(release.statusCode, release.body).toBe(201);
  return { bucketId, releaseId: release.json().id };
}

const gameJson = JSON.stringify({ deviceOrientation: 'portrait', subpackages: [{ name: 'levels', root: 'levels/' }] });
const GOOD = { 'game.json': gameJson, 'project.config.json': '{"appid":"wx"}', 'game.js': 'start()', 'levels/one.js': 'level()' };

describe('wind publishing', () => {
  // First, before this file's own publishes.
  it("has the demo's publish of its mini-game build: made by the publish call, WeChat's step checked and not uploaded", async () => {
    const latest = await h.svc('GET', `${W}/${h.appId}/publish`);
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json()).toMatchObject({ versionName: '0.9.0', status: 'partial', runtime: 'C3XX', bucketId: WIND_DEMO_BUCKET_ID });
    expect(latest.json().steps).toEqual([{ channel: 'wechat', state: 'skipped', messages: ['no upload endpoint is set: the package was checked, not uploaded'] }]);
    // The build is a release of asset streaming's bucket, holding the mini-game's files.
    const bucket = await h.svc('GET', `${B}/${WIND_DEMO_BUCKET_ID}/`);
    expect(bucket.json()).toMatchObject({ name: 'minigame-builds', releaseCount: 1 });
    const files = (await h.svc('GET', `${B}/${WIND_DEMO_BUCKET_ID}/releases/${latest.json().releaseId}/entries/?limit=100`)).json() as { path: string }[];
    expect(files.map((f) => f.path).sort()).toEqual(['game.js', 'game.json', 'levels/game.js', 'levels/level-1.json', 'main.js', 'project.config.json']);
    expect(latest.json().packageBytes).toBeLessThan(MIB);
    const history = await h.db.query<{ actor: string }>("SELECT actor FROM audit_log WHERE action = 'wind.publishes.create' AND target = $1", [latest.json().id]);
    expect(history.rows).toEqual([{ actor: 'system:demo' }]);
  });

  it('refuses a publish while no channel is enabled, and a channel that does not exist', async () => {
    // The demo's WeChat channel is enabled: turn it off first.
    expect((await setChannel('wechat', { enabled: false })).statusCode).toBe(200);
    const none = await publish({ ...(await build('wind-none', GOOD)), versionName: '0.1.0' });
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json().message).toBe('no channel is enabled');
    expect((await setChannel('line', { enabled: true })).statusCode).toBe(404);
    const unknown = await publish({ ...(await build('wind-unknown', GOOD)), versionName: '0.1.0', channels: ['line'] });
    expect(unknown.statusCode).toBe(400);
  });

  it("publishes from the console: the publishes list's command is the publish call, its dialog the call's body", async () => {
    const command = wind.resources.find((r) => r.name === 'publishes')!.commands!.find((c) => c.name === 'publish')!;
    expect(command).toMatchObject({ on: 'collection', address: 'call', api: { call: 'publish' }, opens: 'record' });
    expect(command.fields).toBe(wind.calls!.publish.body);
    const viaCommand = (values: Record<string, unknown>) => {
      const { method, url, rest } = commandCallAddress(wind, command, h.appId, values);
      return h.svc(method, url, rest);
    };
    const b = await build('wind-console', GOOD);
    // WeChat is off (the test before): refused with the message the console shows in the user's language.
    const refused = await viaCommand({ ...b, versionName: '0.2.0' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: 'no channel is enabled' });
    expect(await h.db.query(`SELECT 1 FROM ${h.tableOf('wind', 'publishes')} WHERE service = 'wind' AND kind = 'publishes' AND data->>'versionName' = '0.2.0'`)).toMatchObject({ rows: [] });
    expect((await setChannel('wechat', { enabled: true })).statusCode).toBe(200);
    const made = await viaCommand({ ...b, versionName: '0.2.0', description: 'from the console' });
    expect(made.statusCode, made.body).toBe(201);
    // The answer is the new publish, whose page the console opens: its steps are there.
    const steps = await h.svc('GET', `${W}/publishes/${made.json().id}/steps`);
    expect(steps.json()).toEqual({ total: 1, steps: [{ channel: 'wechat', state: 'skipped', messages: ['no upload endpoint is set: the package was checked, not uploaded'] }] });
    expect(made.json()).toMatchObject({ versionName: '0.2.0', description: 'from the console', bucketId: b.bucketId, releaseId: b.releaseId });
  });

  it('uploads the package as a zip to each enabled channel with credentials, and says why the others were not', async () => {
    expect((await setChannel('wechat', { enabled: true, idKey: 'wx-test', secretKey: 'wechat-secret-0001', uploadUrl: `${endpoint}/ok`, options: { robot: 1 } })).statusCode).toBe(200);
    expect((await setChannel('douyin', { enabled: true, idKey: '', uploadUrl: `${endpoint}/ok` })).statusCode).toBe(200);
    expect((await setChannel('kuaishou', { enabled: true, idKey: 'ks-test', secretKey: 'ks-secret-000001', uploadUrl: `${endpoint}/refuse` })).statusCode).toBe(200);
    expect((await setChannel('host', { enabled: true, idKey: 'host-test', secretKey: 'host-secret-0001', uploadUrl: '' })).statusCode).toBe(200);
    const b = await build('wind-good', GOOD);
    const res = await publish({ ...b, versionName: '1.0.0', description: 'first', engineVersion: '3.8.2' });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ versionName: '1.0.0', status: 'partial', runtime: 'C3XX', releaseId: b.releaseId, bucketId: b.bucketId });
    expect(p.steps).toEqual([
      { channel: 'wechat', state: 'succeeded', messages: ['uploaded to the channel'], uploadedAt: expect.any(String) },
      { channel: 'douyin', state: 'skipped', messages: ['the channel has no credentials: set its app id and secret'] },
      { channel: 'kuaishou', state: 'failed', messages: ['the channel refused the upload: HTTP 503'] },
      { channel: 'host', state: 'skipped', messages: ['no upload endpoint is set: the package was checked, not uploaded'] },
    ]);
    const sent = received.find((r) => r.path === '/ok')!;
    expect(sent.headers).toMatchObject({ 'content-type': 'application/zip', 'x-wind-channel': 'wechat', 'x-wind-app-id': 'wx-test', authorization: 'Bearer wechat-secret-0001', 'x-wind-version': '1.0.0' });
    expect(JSON.parse(decodeURIComponent(String(sent.headers['x-wind-options'])))).toEqual({ robot: 1 });
    const files = unzipSync(new Uint8Array(sent.body));
    expect(Object.keys(files).sort()).toEqual(Object.keys(GOOD).sort());
    expect(strFromU8(files['levels/one.js'])).toBe('level()');
    // In the operation history as the app's publish, with its outcome.
    const history = await h.db.query<{ actor: string; after: { status: string } }>("SELECT actor, after FROM audit_log WHERE action = 'wind.publishes.create' AND target = $1", [p.id]);
    expect(history.rows).toEqual([{ actor: `app:${h.appId}`, after: expect.objectContaining({ status: 'partial' }) }]);
  });

  it('answers the publish state: the latest publish, or the one named', async () => {
    const latest = await h.svc('GET', `${W}/${h.appId}/publish`);
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json()).toMatchObject({ versionName: '1.0.0', status: 'partial' });
    const named = await h.svc('GET', `${W}/${h.appId}/publish?publishId=${latest.json().id}`);
    expect(named.json().steps).toHaveLength(4);
    const steps = await h.svc('GET', `${W}/publishes/${latest.json().id}/steps`);
    expect(steps.json()).toMatchObject({ total: 4, steps: [{ channel: 'wechat', state: 'succeeded' }, {}, {}, {}] });
    expect((await h.svc('GET', `${W}/${h.appId}/publish?publishId=nothing`)).statusCode).toBe(404);
    expect((await h.svc('GET', `${W}/${h.otherAppId}/publish`)).statusCode).toBe(404);
  });

  it("fails a channel's step on a package breaking its rules: a required file missing, the main package or a subpackage too large", async () => {
    // Only WeChat and JD this time.
    expect((await setChannel('jd', { enabled: true, idKey: 'jd-test', secretKey: 'jd-secret-000001' })).statusCode).toBe(200);
    const b = await build('wind-big', { ...GOOD, 'levels/big.bin': 'x'.repeat(4.5 * MIB), 'assets.bin': 'x'.repeat(MIB) });
    const res = await publish({ ...b, versionName: '1.0.1', channels: ['wechat', 'jd'] });
    expect(res.statusCode, res.body).toBe(201);
    const [wechat, jd] = res.json().steps;
    // WeChat reads the subpackage `levels` from game.json: 4.5 MiB there, over its 4 MiB a subpackage.
    expect(wechat).toEqual({ channel: 'wechat', state: 'failed', messages: ["subpackage levels is 4.50 MB, over the channel's 4.00 MB"] });
    // JD reads subpackages from app.json, which the package lacks: every file is its main package.
    expect(jd).toEqual({ channel: 'jd', state: 'failed', messages: ['the package has no app.json', "the main package is 5.50 MB, over the channel's 2.00 MB"] });
    expect(res.json().status).toBe('failed');
  });

  it('fails every step on a config that is not JSON, and a release of another bucket is no build', async () => {
    const b = await build('wind-broken', { ...GOOD, 'game.json': '{ not json' });
    const res = await publish({ ...b, versionName: '1.0.2', channels: ['wechat'] });
    expect(res.json()).toMatchObject({ status: 'failed', steps: [{ channel: 'wechat', state: 'failed', messages: ['game.json is not valid JSON'] }] });
    const other = await build('wind-other', GOOD);
    const mixed = await publish({ bucketId: other.bucketId, releaseId: b.releaseId, versionName: '1.0.3' });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().message).toBe('no such release');
    expect((await h.svc('POST', `${W}/${h.otherAppId}/publish`, { ...b, versionName: '1' })).statusCode).toBe(404);
  });

  it('lists the runtime functions with the platform call behind each', async () => {
    const res = await h.svc('GET', `${W}/runtime/functions`);
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().functions.map((f: { name: string }) => f.name);
    expect(names).toContain('wind.reportPerformance');
    // The game client's report of a profiling session, at UPR's declared address.
    expect(res.json().functions.find((f: { name: string }) => f.name === 'wind.reportPerformance').call).toBe(`POST ${callUrl(upr.base, upr.calls!['sdk.report'])}`);
  });
});
