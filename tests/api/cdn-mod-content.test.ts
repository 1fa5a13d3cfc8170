/**
 * A mod's files at their content address (`modContentUrl`): an approved mod's current version for everyone, with a
 * strong ETag, ranges and conditional requests; before approval, an older version, or once taken down, only its
 * author and the app's console.
 */
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

const anyone = (url: string, headers: Record<string, string> = {}) => h.req({ method: 'GET', url, headers });
const inspect = (id: unknown, body: unknown) => h.svc('POST', `${MODS}/${String(id)}/inspect/`, body);

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
    const before = await traffic();
    expect((await anyone(modContentUrl(B, id, 1, 'skin/a.txt'))).statusCode).toBe(200);
    await deliveriesOf(h.ctx).flush();
    expect((await traffic()) - before).toBe('metered bytes'.length);
  });
});
