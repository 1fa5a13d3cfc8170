import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modContentUrl } from '../../resources/cdn/delivery';
import { deliveriesOf } from '../../server/services/cdn/deliveries';
import { startHarness, type Harness } from './harness';
import { B, enableCdn, file, MODS, newVersion, playerMod, sdk, sha256, twoPlayers } from './cdn-mods-fixtures';
import { asPlayer, type SignedIn } from './passport-players-fixtures';

let h: Harness;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  await enableCdn(h);
  [alice, bob] = await twoPlayers(h);
});
afterAll(() => h.close());

const inspect = (id: unknown, body: unknown) => h.svc('POST', `${MODS}/${String(id)}/inspect/`, body);
const statusOf = async (id: unknown) => (await h.svc('GET', `${MODS}/${String(id)}/`)).json().status;

describe('cdn mods: what players submit', () => {
  it("creates a mod in editing, authored by the player, listed to the console with the total in Content-Range", async () => {
    const mod = await playerMod(h, alice, 'Winter skins');
    expect(mod).toMatchObject({ name: 'Winter skins', status: 'not_start', authorId: alice.userId, currentVersion: 0 });
    const page = await h.svc('GET', `${MODS}/?offset=0&limit=100&authorId=${alice.userId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().map((m: { id: string }) => m.id)).toContain(mod.id);
    expect(page.headers['content-range']).toMatch(/^items 0-\d+\/\d+$/);
    expect((await h.svc('GET', `${MODS}/${String(mod.id)}/`)).json()).toMatchObject({ id: mod.id, name: 'Winter skins' });
  });

  it("keeps each version's files: the mod's entries are its current version's, and an older version's are read by number", async () => {
    const mod = await playerMod(h, alice, 'Maps', [file('maps/a.json', '{"a":1}', 'application/json'), file('readme.txt', 'hello')]);
    const v2 = await newVersion(h, alice, mod.id, [file('maps/b.json', '{"b":22}')], 'second');
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json()).toMatchObject({ v: 2, note: 'second', entryCount: 1, totalSize: 8, modId: mod.id });

    const shown = (await h.svc('GET', `${MODS}/${String(mod.id)}/`)).json();
    expect(shown).toMatchObject({ currentVersion: 2, entryCount: 1, totalSize: 8 });
    const current = await h.svc('GET', `${MODS}/${String(mod.id)}/entries/`);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ version: 2, total: 1, entries: [{ path: 'maps/b.json', contentSize: 8 }] });
    const first = (await h.svc('GET', `${MODS}/${String(mod.id)}/versions/1/entries/`)).json();
    expect(first.entries.map((e: { path: string }) => e.path)).toEqual(['maps/a.json', 'readme.txt']);
    expect(first.entries[1].contentSize).toBe(5);
    expect((await h.svc('GET', `${MODS}/${String(mod.id)}/versions/3/entries/`)).statusCode).toBe(404);

    const versions = await h.svc('GET', `${MODS}/${String(mod.id)}/versions/?offset=0&limit=10&sort=v&order=asc`);
    expect(versions.json().map((v: { v: number }) => v.v)).toEqual([1, 2]);
  });

  it('refuses paths that leave the mod, a path given twice and a malformed hash, storing nothing', async () => {
    const mod = await playerMod(h, alice, 'Bad files', [file('ok.txt', 'ok')]);
    const bad: [unknown[], string][] = [
      [[file('../escape.txt', 'x')], '/entries/0/path'],
      [[file('/etc/passwd', 'x')], '/entries/0/path'],
      [[file('a/./b.txt', 'x')], '/entries/0/path'],
      // The server refuses NUL in any request text before the call sees it.
      [[file('nul\u0000.txt', 'x')], '/'],
      [[file('back\\slash.txt', 'x')], '/entries/0/path'],
      [[file('same.txt', 'x'), file('same.txt', 'y')], '/entries/1/path'],
      [[{ ...file('h.txt', 'x'), contentHash: 'abc' }], '/entries/0/contentHash'],
      [[], '/entries'],
    ];
    for (const [entries, field] of bad) {
      const res = await sdk(h, alice, 'POST', `/mods/${String(mod.id)}/versions`, { entries });
      expect(res.statusCode, JSON.stringify(entries)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), res.body).toContain(field);
    }
    expect((await h.svc('GET', `${MODS}/${String(mod.id)}/`)).json()).toMatchObject({ currentVersion: 1, entryCount: 1 });
  });

  it('takes only files whose content was uploaded, at the size uploaded', async () => {
    const mod = await playerMod(h, alice, 'Uploads');
    const never = await sdk(h, alice, 'POST', `/mods/${String(mod.id)}/versions`, { entries: [file('never.txt', 'never uploaded')] });
    expect(never.statusCode).toBe(400);
    expect(never.json().details).toEqual([{ field: '/entries/0/contentHash', message: 'content not uploaded' }]);
    const real = file('real.txt', 'real bytes');
    await newVersion(h, alice, mod.id, [real]);
    const wrongSize = await sdk(h, alice, 'POST', `/mods/${String(mod.id)}/versions`, { entries: [{ ...real, contentSize: 999 }] });
    expect(wrongSize.json().details).toEqual([{ field: '/entries/0/contentSize', message: 'not the size of the uploaded content' }]);
    // Content another version (or anyone in the deployment) uploaded is not sent again.
    const again = await sdk(h, alice, 'GET', `/mods/${String(mod.id)}/uploadtoken/${real.contentHash}/?size=${real.contentSize}`);
    expect(again.json()).toMatchObject({ stored: true, contentHash: real.contentHash });
    expect((await sdk(h, bob, 'GET', `/mods/${String(mod.id)}/uploadtoken/${real.contentHash}/?size=${real.contentSize}`)).statusCode).toBe(404);
  });

  it("lets only the author change a mod, and needs a player token", async () => {
    const mod = await playerMod(h, alice, 'Mine');
    expect((await sdk(h, bob, 'POST', `/mods/${String(mod.id)}/versions`, { entries: [file('x.txt', 'x')] })).statusCode).toBe(404);
    expect((await sdk(h, bob, 'POST', `/mods/${String(mod.id)}/submit`)).statusCode).toBe(404);
    const anonymous = await h.req({ method: 'POST', url: `${B}/sdk/mods`, payload: { name: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('cdn mods: review', () => {
  it('goes to review only from editing and with a version; the console rejects with a reason, then approves the next', async () => {
    const mod = await playerMod(h, alice, 'Review me');
    const early = await sdk(h, alice, 'POST', `/mods/${String(mod.id)}/submit`);
    expect(early.statusCode).toBe(400);
    await newVersion(h, alice, mod.id, [file('m.txt', 'v1')]);
    const submitted = await sdk(h, alice, 'POST', `/mods/${String(mod.id)}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'ongoing' });
    expect(submitted.json().submittedAt).toEqual(expect.any(String));
    const again = await sdk(h, alice, 'POST', `/mods/${String(mod.id)}/submit`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: 'only a mod being edited can be submitted' });
    // While it is reviewed, its author cannot slip a new version in.
    expect((await newVersion(h, alice, mod.id, [file('m.txt', 'v2')])).statusCode).toBe(409);

    const noReason = await inspect(mod.id, { result: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details.map((d: { field: string }) => d.field)).toContain('/reason');
    expect((await inspect(mod.id, { result: 'maybe' })).statusCode).toBe(400);
    const rejected = await inspect(mod.id, { result: 'reject', reason: 'textures missing' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'failed', reviewReason: 'textures missing' });
    expect((await inspect(mod.id, { result: 'approve' })).statusCode).toBe(409);

    await newVersion(h, alice, mod.id, [file('m.txt', 'v2')]);
    expect(await statusOf(mod.id)).toBe('not_start');
    await sdk(h, alice, 'POST', `/mods/${String(mod.id)}/submit`);
    const approved = await inspect(mod.id, { result: 'approve' });
    expect(approved.json()).toMatchObject({ status: 'success', currentVersion: 2, reviewReason: '' });
  });

  it('shows players their own mods, and every player the approved ones', async () => {
    const mine = await playerMod(h, bob, 'Bob draft', [file('d.txt', 'd')]);
    const published = await playerMod(h, bob, 'Bob published', [file('p.txt', 'p')]);
    await sdk(h, bob, 'POST', `/mods/${String(published.id)}/submit`);
    expect((await inspect(published.id, { result: 'approve' })).statusCode).toBe(200);

    const own = (await sdk(h, bob, 'GET', '/mods')).json();
    expect(own.mods.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([mine.id, published.id]));
    expect(own.mods.every((m: { authorId: string }) => m.authorId === bob.userId)).toBe(true);
    const browse = (await sdk(h, alice, 'GET', '/mods/published')).json();
    expect(browse.mods.map((m: { id: string }) => m.id)).toContain(published.id);
    expect(browse.mods.map((m: { id: string }) => m.id)).not.toContain(mine.id);
    expect(browse.mods.every((m: { status: string }) => m.status === 'success')).toBe(true);
  });

  it('takes a reported mod down: players report an approved mod, the console takes it down, and nobody changes it after', async () => {
    const mod = await playerMod(h, alice, 'Report me', [file('r.txt', 'r')]);
    expect((await sdk(h, bob, 'POST', `/mods/${String(mod.id)}/report`, { reason: 'stolen art' })).statusCode).toBe(409);
    await sdk(h, alice, 'POST', `/mods/${String(mod.id)}/submit`);
    expect((await h.svc('POST', `${MODS}/${String(mod.id)}/inspect/report/`, { reason: 'no' })).statusCode).toBe(409);
    await inspect(mod.id, { result: 'approve' });

    for (const reason of ['stolen art', 'offensive']) {
      const reported = await sdk(h, bob, 'POST', `/mods/${String(mod.id)}/report`, { reason });
      expect(reported.statusCode, reported.body).toBe(200);
    }
    expect((await h.svc('GET', `${MODS}/${String(mod.id)}/`)).json()).toMatchObject({ status: 'reported', reports: 2, reportReason: 'offensive' });
    const reportedList = await h.svc('GET', `${MODS}/?status=reported&limit=100`);
    expect(reportedList.json().map((m: { id: string }) => m.id)).toContain(mod.id);

    const down = await h.svc('POST', `${MODS}/${String(mod.id)}/inspect/report/`, { reason: 'confirmed: stolen art' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ status: 'down', reviewReason: 'confirmed: stolen art' });
    expect((await sdk(h, alice, 'POST', `/mods/${String(mod.id)}/versions`, { entries: [file('r.txt', 'r')] })).statusCode).toBe(409);
    expect((await sdk(h, alice, 'GET', `/mods/${String(mod.id)}/uploadtoken/${file('r.txt', 'r2').contentHash}/?size=2`)).statusCode).toBe(409);
    expect((await sdk(h, bob, 'POST', `/mods/${String(mod.id)}/report`, { reason: 'again' })).statusCode).toBe(409);
    expect((await inspect(mod.id, { result: 'approve' })).statusCode).toBe(409);
  });

  it('refuses players once the app no longer has the service', async () => {
    await h.db.query(`UPDATE apps SET services = jsonb_set(services, '{asset-streaming,Status}', '"Disabled"') WHERE app_id = $1`, [h.appId]);
    await h.ctx.apps.forget(h.appId);
    try {
      const refused = await sdk(h, alice, 'POST', '/mods', { name: 'Too late' });
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'service not enabled']);
      expect((await sdk(h, alice, 'GET', '/mods')).statusCode).toBe(403);
    } finally {
      await enableCdn(h);
    }
  });

  it("keeps another app's console out", async () => {
    const mod = await playerMod(h, alice, 'Private to the app');
    const other = await h.req({ method: 'GET', url: `${MODS}/${String(mod.id)}/`, headers: { authorization: h.otherBasic } });
    expect([403, 404]).toContain(other.statusCode);
    const otherInspect = await h.req({ method: 'POST', url: `${MODS}/${String(mod.id)}/inspect/`, headers: { authorization: h.otherBasic }, payload: { result: 'approve' } });
    expect([403, 404]).toContain(otherInspect.statusCode);
  });
});

/**
 * A mod's files at their content address (`modContentUrl`): an approved mod's current version for everyone, with a
 * strong ETag, ranges and conditional requests; before approval, an older version, or once taken down, only its
 * author and the app's console.
 */
const anyone = (url: string, headers: Record<string, string> = {}) => h.req({ method: 'GET', url, headers });

/** Alice's mod with one version of `skin/a.txt`, submitted and approved when `approve`. */
async function aliceMod(name: string, text: string, approve: boolean) {
  const mod = await playerMod(h, alice, name, [file('skin/a.txt', text, 'text/plain')]);
  if (approve) {
    expect((await sdk(h, alice, 'POST', `/mods/${String(mod.id)}/submit`)).statusCode).toBe(200);
    expect((await inspect(mod.id, { result: 'approve' })).statusCode).toBe(200);
  }
  return String(mod.id);
}

describe("a mod's files at their content address", () => {
  it("serves an approved mod's current version to anyone: ETag, Range, If-None-Match", async () => {
    const id = await aliceMod('Published skin', 'published texture', true);
    const url = modContentUrl(B, id, 1, 'skin/a.txt');
    const whole = await anyone(url);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.body).toBe('published texture');
    expect(whole.headers).toMatchObject({ etag: `"${sha256('published texture')}"`, 'content-type': 'text/plain', 'cache-control': 'public, max-age=60' });
    const part = await anyone(url, { range: 'bytes=10-16' });
    expect([part.statusCode, part.body, part.headers['content-range']]).toEqual([206, 'texture', 'bytes 10-16/17']);
    expect((await anyone(url, { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
    expect((await anyone(url, { range: 'bytes=40-50' })).statusCode).toBe(416);
    expect((await anyone(modContentUrl(B, id, 1, 'skin/missing.txt'))).statusCode).toBe(404);
    expect((await anyone(`${modContentUrl(B, id, 1, 'skin/')}..%2Fx`)).statusCode).toBe(400);
  });

  it('serves a mod not yet approved only to its author and the console; to other players and strangers it is not found', async () => {
    const id = await aliceMod('Draft skin', 'draft texture', false);
    const url = modContentUrl(B, id, 1, 'skin/a.txt');
    expect((await anyone(url)).statusCode).toBe(404);
    expect((await asPlayer(h, bob.token, 'GET', url)).statusCode).toBe(404);
    const own = await asPlayer(h, alice.token, 'GET', url);
    expect([own.statusCode, own.body, own.headers['cache-control']]).toEqual([200, 'draft texture', 'private, no-store']);
    const console = await h.svc('GET', url);
    expect([console.statusCode, console.body]).toEqual([200, 'draft texture']);
    expect((await asPlayer(h, 'not-a-token', 'GET', url)).statusCode).toBe(401);
  });

  it('publishes only the approved version: a newer one waits for review, and a mod taken down is its author’s alone', async () => {
    const id = await aliceMod('Growing skin', 'first texture', true);
    expect((await newVersion(h, alice, id, [file('skin/a.txt', 'second texture')])).statusCode).toBe(201);
    expect((await anyone(modContentUrl(B, id, 1, 'skin/a.txt'))).statusCode).toBe(404);
    expect((await anyone(modContentUrl(B, id, 2, 'skin/a.txt'))).statusCode).toBe(404);
    expect((await asPlayer(h, alice.token, 'GET', modContentUrl(B, id, 2, 'skin/a.txt'))).body).toBe('second texture');
    expect((await sdk(h, alice, 'POST', `/mods/${id}/submit`)).statusCode).toBe(200);
    expect((await inspect(id, { result: 'approve' })).statusCode).toBe(200);
    expect((await anyone(modContentUrl(B, id, 2, 'skin/a.txt'))).body).toBe('second texture');
    expect((await sdk(h, bob, 'POST', `/mods/${id}/report`, { reason: 'stolen art' })).statusCode).toBe(200);
    expect((await h.svc('POST', `${MODS}/${id}/inspect/report/`, { reason: 'confirmed' })).statusCode).toBe(200);
    expect((await anyone(modContentUrl(B, id, 2, 'skin/a.txt'))).statusCode).toBe(404);
    expect((await asPlayer(h, alice.token, 'GET', modContentUrl(B, id, 2, 'skin/a.txt'))).statusCode).toBe(200);
  });

  it("meters a mod's downloads as the app's traffic", async () => {
    const id = await aliceMod('Metered skin', 'metered bytes', true);
    const traffic = async () =>
      Number((await h.db.query<{ q: string }>(`SELECT coalesce(sum(quantity), 0)::text AS q FROM usage_events WHERE app_id = $1 AND meter = 'traffic'`, [h.appId])).rows[0].q);
    // Earlier deliveries written first: only this one's bytes lie between the two readings.
    await deliveriesOf(h.ctx).flush();
    const before = await traffic();
    expect((await anyone(modContentUrl(B, id, 1, 'skin/a.txt'))).statusCode).toBe(200);
    await deliveriesOf(h.ctx).flush();
    expect((await traffic()) - before).toBe('metered bytes'.length);
  });
});
