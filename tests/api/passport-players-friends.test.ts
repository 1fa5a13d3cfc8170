import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { asPlayer, createRealm, selectedPersona, signedIn, type SignedIn } from './passport-players-fixtures';
import { passport } from '../../resources/passport';

const B = passport.base;

let h: Harness;
let realm: string;
beforeAll(async () => {
  h = await startHarness();
  realm = await createRealm(h);
});
afterAll(() => h.close());

interface Someone extends SignedIn {
  persona: string;
}

async function someone(): Promise<Someone> {
  const player = await signedIn(h, realm);
  return { ...player, persona: await selectedPersona(h, player, realm) };
}

const call = (p: Someone, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => asPlayer(h, p.token, method, `${B}/sdk${url}`, payload);
const ask = (from: Someone, to: Someone) => call(from, 'POST', '/friends/requests', { personaId: to.persona });
const friendsOf = async (p: Someone) => (await call(p, 'GET', '/friends')).json().friends as { personaId: string; relation: string }[];
const relations = async (p: Someone) => (await friendsOf(p)).map((f) => [f.personaId, f.relation]);

async function setLimits(limits: { maxFriends: number; maxBlacklist: number; maxPendingRequests: number }) {
  const current = (await h.svc('GET', `${B}/friend-config`)).json();
  const saved = await h.svc('PUT', `${B}/friend-config`, { ...limits, version: current.version });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('friends', () => {
  it('become friends when one asks and the other accepts; either can end it', async () => {
    const [a, b] = [await someone(), await someone()];
    expect((await ask(a, b)).json()).toEqual({ result: 'requested' });
    expect(await relations(a)).toEqual([[b.persona, 'outgoing']]);
    expect(await relations(b)).toEqual([[a.persona, 'incoming']]);
    expect((await ask(a, b)).statusCode).toBe(409);
    expect((await call(b, 'POST', `/friends/requests/${a.persona}/accept`)).json()).toEqual({ result: 'accepted' });
    expect(await relations(a)).toEqual([[b.persona, 'accepted']]);
    expect(await relations(b)).toEqual([[a.persona, 'accepted']]);
    expect((await ask(b, a)).json().message).toBe('already friends');
    const console = (await h.svc('GET', `${B}/personas/${a.persona}/friends`)).json();
    expect(console.friends.map((f: { personaId: string }) => f.personaId)).toEqual([b.persona]);
    expect((await call(b, 'DELETE', `/friends/${a.persona}`)).json()).toEqual({ result: 'removed' });
    expect(await relations(a)).toEqual([]);
    expect((await call(b, 'DELETE', `/friends/${a.persona}`)).statusCode).toBe(404);
  });

  it('makes two personas friends when each asks the other', async () => {
    const [a, b] = [await someone(), await someone()];
    await ask(a, b);
    expect((await ask(b, a)).json()).toEqual({ result: 'accepted' });
    expect(await relations(a)).toEqual([[b.persona, 'accepted']]);
  });

  it('accepts only requests that exist, and not from oneself or unknown personas', async () => {
    const [a, b] = [await someone(), await someone()];
    expect((await call(a, 'POST', `/friends/requests/${b.persona}/accept`)).statusCode).toBe(404);
    expect((await call(a, 'POST', '/friends/requests', { personaId: a.persona })).statusCode).toBe(400);
    expect((await call(a, 'POST', '/friends/requests', { personaId: 'no-such-persona' })).statusCode).toBe(404);
  });

  it('needs a selected persona', async () => {
    const player = await signedIn(h, realm);
    const res = await asPlayer(h, player.token, 'GET', `${B}/sdk/friends`);
    expect([res.statusCode, res.json().message]).toEqual([409, 'no persona selected']);
  });
});

describe('blacklist', () => {
  it('ends the friendship and keeps both from befriending each other until lifted', async () => {
    const [a, b] = [await someone(), await someone()];
    await ask(a, b);
    await call(b, 'POST', `/friends/requests/${a.persona}/accept`);
    expect((await call(a, 'POST', '/friends/blacklist', { personaId: b.persona })).json()).toEqual({ result: 'blocked' });
    expect(await relations(a)).toEqual([]);
    expect(await relations(b)).toEqual([]);
    const fromB = await ask(b, a);
    expect([fromB.statusCode, fromB.json().message]).toEqual([403, 'blacklisted personas cannot be friends']);
    expect((await ask(a, b)).statusCode).toBe(403);
    expect((await call(a, 'POST', '/friends/blacklist', { personaId: b.persona })).statusCode).toBe(409);
    const listed = (await call(a, 'GET', '/friends/blacklist')).json();
    expect(listed.blacklist.map((e: { personaId: string }) => e.personaId)).toEqual([b.persona]);
    expect((await h.svc('GET', `${B}/personas/${a.persona}/friend-blacklist`)).json().total).toBe(1);
    expect((await call(a, 'DELETE', `/friends/blacklist/${b.persona}`)).json()).toEqual({ result: 'unblocked' });
    expect((await call(a, 'DELETE', `/friends/blacklist/${b.persona}`)).statusCode).toBe(404);
    expect((await ask(b, a)).json()).toEqual({ result: 'requested' });
  });
});

describe('friend limits', () => {
  it('enforces the configured maximum of friends, pending requests and blacklist entries', async () => {
    await setLimits({ maxFriends: 1, maxBlacklist: 1, maxPendingRequests: 2 });
    try {
      const [a, b, c, d] = [await someone(), await someone(), await someone(), await someone()];
      await ask(a, b);
      await call(b, 'POST', `/friends/requests/${a.persona}/accept`);
      const full = await ask(a, c);
      expect([full.statusCode, full.json().message]).toEqual([409, 'friend limit reached']);
      // c asks a: allowed to ask, but a cannot accept while full, and c's acceptance is refused for a's sake.
      expect((await ask(c, a)).json()).toEqual({ result: 'requested' });
      expect((await call(a, 'POST', `/friends/requests/${c.persona}/accept`)).json().message).toBe('friend limit reached');
      await ask(d, b);
      expect((await call(b, 'POST', `/friends/requests/${d.persona}/accept`)).statusCode).toBe(409);
      // Pending requests: c already has one out (to a); a second is allowed, a third not.
      expect((await ask(c, d)).json()).toEqual({ result: 'requested' });
      const [e] = [await someone()];
      expect((await ask(c, e)).json().message).toBe('too many pending friend requests');
      expect((await call(d, 'POST', '/friends/blacklist', { personaId: e.persona })).statusCode).toBe(200);
      expect((await call(d, 'POST', '/friends/blacklist', { personaId: a.persona })).json().message).toBe('blacklist limit reached');
    } finally {
      await setLimits({ maxFriends: 200, maxBlacklist: 100, maxPendingRequests: 100 });
    }
  });

  it('holds the limit when many requests are accepted at once', async () => {
    await setLimits({ maxFriends: 2, maxBlacklist: 100, maxPendingRequests: 100 });
    try {
      const hub = await someone();
      const others = await Promise.all(Array.from({ length: 5 }, () => someone()));
      for (const o of others) expect((await ask(o, hub)).statusCode).toBe(200);
      const answers = await Promise.all(others.map((o) => call(hub, 'POST', `/friends/requests/${o.persona}/accept`)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
      expect((await friendsOf(hub)).filter((f) => f.relation === 'accepted')).toHaveLength(2);
    } finally {
      await setLimits({ maxFriends: 200, maxBlacklist: 100, maxPendingRequests: 100 });
    }
  });
});

describe('the friend relations list', () => {
  it('lists each friendship once and each request, filtered by persona, and lets the console end one', async () => {
    const [a, b, c] = [await someone(), await someone(), await someone()];
    await ask(a, b);
    await call(b, 'POST', `/friends/requests/${a.persona}/accept`);
    await ask(c, a);
    const listed = (await h.svc('POST', `${B}/friends/search`, { personaId: a.persona })).json();
    expect(listed.total).toBe(2);
    const pairs = listed.friends.map((f: { personaId: string; friendId: string; state: string }) => [[f.personaId, f.friendId].sort().join('+'), f.state]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        [[a.persona, b.persona].sort().join('+'), 'accepted'],
        [[c.persona, a.persona].sort().join('+'), 'requested'],
      ]),
    );
    expect((await h.svc('POST', `${B}/friends/search`, { personaId: a.persona, state: 'requested' })).json().total).toBe(1);
    expect((await h.svc('DELETE', `${B}/friends/${a.persona}/${b.persona}`)).json()).toEqual({ result: 'removed' });
    expect(await relations(b)).toEqual([]);
    const other = await h.req({ method: 'POST', url: `${B}/friends/search`, headers: { authorization: h.otherBasic, 'content-type': 'application/json' }, payload: JSON.stringify({ personaId: a.persona }) });
    expect(other.json().total).toBe(0);
  });
});

describe("players and apps stay apart", () => {
  it("a player cannot select, see or act as another player's persona", async () => {
    const [a, b] = [await someone(), await someone()];
    const select = await call(a, 'POST', `/personas/${b.persona}/select`);
    expect(select.statusCode).toBe(404);
    const mine = (await call(a, 'GET', '/personas')).json();
    expect(mine.personas.map((p: { id: string }) => p.id)).toEqual([a.persona]);
    // The friend calls act as the token's own persona only: a's request comes from a, whatever it names.
    await ask(a, b);
    expect(await relations(b)).toEqual([[a.persona, 'incoming']]);
    const me = (await call(a, 'GET', '/me')).json();
    expect(me.user.id).toBe(a.userId);
    expect(me.persona.id).toBe(a.persona);
  });

  it("a token of one app does not reach another app's players", async () => {
    const otherRealm = await createRealm(h, { basic: h.otherBasic });
    const stranger = await signedIn(h, otherRealm, undefined, h.otherBasic);
    const strangerPersona = await selectedPersona(h, stranger, otherRealm);
    const local = await someone();
    // The demo app's player names the other app's persona: not found, and nothing changes there.
    expect((await call(local, 'POST', `/personas/${strangerPersona}/select`)).statusCode).toBe(404);
    expect((await ask(local, { ...stranger, persona: strangerPersona })).statusCode).toBe(404);
    expect((await call(local, 'POST', '/friends/blacklist', { personaId: strangerPersona })).statusCode).toBe(404);
    // And the other way round.
    expect((await asPlayer(h, stranger.token, 'POST', `${B}/sdk/personas/${local.persona}/select`)).statusCode).toBe(404);
    expect((await asPlayer(h, stranger.token, 'POST', `${B}/sdk/friends/requests`, { personaId: local.persona })).statusCode).toBe(404);
    // The app credential of one app does not see the other's personas' friends.
    expect((await h.svc('GET', `${B}/personas/${strangerPersona}/friends`)).statusCode).toBe(404);
    expect((await h.svc('GET', `${B}/personas/${strangerPersona}/friend-blacklist`)).statusCode).toBe(404);
    const strangerFriends = (await asPlayer(h, stranger.token, 'GET', `${B}/sdk/friends`)).json();
    expect(strangerFriends.total).toBe(0);
  });
});
