import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import type { SignedIn } from './passport-players-fixtures';
import { fetchUrl, S, sdk, twoPlayers } from './save-fixtures';

let h: Harness;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  [alice, bob] = await twoPlayers(h);
});
afterAll(() => h.close());

const saves = async (playerId: string) => (await h.svc('GET', `${S}/saves?playerId=${playerId}`)).json().items;

describe('cloud saves: JSON slots written with a version', () => {
  it('writes a new slot at version 0, replaces it with the version read, and refuses a stale write naming the current version', async () => {
    const first = await h.svc('POST', `${S}/saves`, { playerId: 'p-versions', slot: 'main', data: { level: 1 } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ playerId: 'p-versions', slot: 'main', kind: 'json', data: { level: 1 }, size: 11, version: 1 });
    const second = await h.svc('POST', `${S}/saves`, { playerId: 'p-versions', slot: 'main', data: { level: 2 }, version: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ data: { level: 2 }, version: 2, id: first.json().id });
    const stale = await h.svc('POST', `${S}/saves`, { playerId: 'p-versions', slot: 'main', data: { level: 99 }, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', message: 'stale save version', details: [{ field: '/version', message: 'current version is 2' }] });
    // A write without a version is a write of a new slot: refused too, the slot exists.
    expect((await h.svc('POST', `${S}/saves`, { playerId: 'p-versions', slot: 'main', data: {} })).statusCode).toBe(409);
    const shown = (await h.svc('GET', `${S}/saves/${first.json().id}`)).json();
    expect(shown.data).toEqual({ level: 2 });
  });

  it('lets the game client write, list, read and delete its own saves with a player token', async () => {
    const made = await sdk(h, alice, 'POST', '/saves', { slot: 'a1', data: { hp: 10 } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ playerId: alice.userId, slot: 'a1', version: 1 });
    const again = await sdk(h, alice, 'POST', '/saves', { slot: 'a1', data: { hp: 9 }, version: 1 });
    expect(again.json().version).toBe(2);
    const mine = await sdk(h, alice, 'GET', '/saves');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().saves.map((s: { slot: string }) => s.slot)).toEqual(['a1']);
    expect((await sdk(h, alice, 'GET', `/saves/${made.json().id}`)).json().data).toEqual({ hp: 9 });
    const link = await sdk(h, alice, 'GET', `/saves/${made.json().id}/download-url`);
    expect(link.statusCode, link.body).toBe(200);
    const content = await fetchUrl(h, link.json().url);
    expect(content.statusCode).toBe(200);
    expect(content.json()).toEqual({ hp: 9 });
    expect((await sdk(h, alice, 'DELETE', `/saves/${made.json().id}`)).statusCode).toBe(200);
    expect((await sdk(h, alice, 'GET', `/saves/${made.json().id}`)).statusCode).toBe(404);
  });

  it("refuses a save written with another player's token, and stores nothing", async () => {
    const bobs = (await sdk(h, bob, 'POST', '/saves', { slot: 'b1', data: { gold: 5 } })).json();
    const forged = await sdk(h, alice, 'POST', '/saves', { playerId: bob.userId, slot: 'b1', data: { gold: 1e9 }, version: 1 });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe("a player token writes only its own player's saves");
    const forgedNew = await sdk(h, alice, 'POST', '/saves', { playerId: bob.userId, slot: 'b2', data: {} });
    expect(forgedNew.statusCode).toBe(403);
    expect((await saves(bob.userId)).map((s: { slot: string }) => s.slot)).toEqual(['b1']);
    expect((await sdk(h, alice, 'GET', `/saves/${bobs.id}`)).statusCode).toBe(403);
    expect((await sdk(h, alice, 'DELETE', `/saves/${bobs.id}`)).statusCode).toBe(403);
    expect((await sdk(h, alice, 'GET', `/saves/${bobs.id}/download-url`)).statusCode).toBe(403);
    expect((await h.svc('GET', `${S}/saves/${bobs.id}`)).json()).toMatchObject({ data: { gold: 5 }, version: 1 });
    // Without a token, nothing.
    expect((await h.req({ method: 'GET', url: `${S}/sdk/saves` })).statusCode).toBe(401);
  });
});

describe('cloud saves: progress types and quotas', () => {
  it('keeps one save per player under LINEAR progress, and holds MULTI to the slot and byte quotas', async () => {
    const linear = await h.svc('POST', `${S}/app-config`, { progressType: 'LINEAR', maxSlots: 2, maxBytesPerPlayer: 2048 });
    expect(linear.statusCode, linear.body).toBe(200);
    const other = await h.svc('POST', `${S}/saves`, { playerId: 'p-linear', slot: 'two', data: {} });
    expect(other.statusCode).toBe(400);
    expect(other.json().details[0]).toEqual({ field: '/slot', message: 'linear progress keeps one save, slot default' });
    const one = await h.svc('POST', `${S}/saves`, { playerId: 'p-linear', data: { x: 1 } });
    expect(one.json()).toMatchObject({ slot: 'default', progressType: 'LINEAR' });

    expect((await h.svc('GET', `${S}/app-config`)).json()).toMatchObject({ progressType: 'LINEAR', maxSlots: 2, maxBytesPerPlayer: 2048, maxJsonBytes: 262144 });
    expect((await h.svc('POST', `${S}/app-config`, { progressType: 'MULTI', maxSlots: 2, maxBytesPerPlayer: 2048 })).statusCode).toBe(200);
    expect((await h.svc('POST', `${S}/saves`, { playerId: 'p-quota', slot: 's1', data: {} })).statusCode).toBe(200);
    expect((await h.svc('POST', `${S}/saves`, { playerId: 'p-quota', slot: 's2', data: {} })).statusCode).toBe(200);
    const third = await h.svc('POST', `${S}/saves`, { playerId: 'p-quota', slot: 's3', data: {} });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('the player has no free save slot');
    // Replacing a slot needs no free one; growing past the bytes does.
    const big = await h.svc('POST', `${S}/saves`, { playerId: 'p-quota', slot: 's1', data: { text: 'x'.repeat(2100) }, version: 1 });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe("the player's saves would exceed their byte quota");
    expect((await saves('p-quota')).find((s: { slot: string }) => s.slot === 's1')).toMatchObject({ data: {}, version: 1 });
    await h.svc('POST', `${S}/app-config`, {});
  });

  it('deletes several saves at once by their ids', async () => {
    const a = (await h.svc('POST', `${S}/saves`, { playerId: 'p-bulk', slot: 'a', data: {} })).json();
    const b = (await h.svc('POST', `${S}/saves`, { playerId: 'p-bulk', slot: 'b', data: {} })).json();
    const res = await h.svc('DELETE', `${S}/saves?ids=${a.id}&ids=${b.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await saves('p-bulk')).toEqual([]);
  });
});
