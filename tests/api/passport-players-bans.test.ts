import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { asPlayer, createRealm, selectedPersona, signedIn, signInServerSide, unique } from './passport-players-fixtures';
import { passport } from '../../resources/passport';

const B = passport.base;

let h: Harness;
let realm: string;
beforeAll(async () => {
  h = await startHarness();
  realm = await createRealm(h);
});
afterAll(() => h.close());

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** Moves a stored ban end into the past, as if time had passed. */
const endBanNow = (kind: 'users' | 'personas', id: string) =>
  h.db.query(`UPDATE records SET data = jsonb_set(data, '{banUntil}', to_jsonb($2::text)) WHERE service = 'passport' AND kind = $1 AND id = $3`, [
    kind,
    new Date(Date.now() - 1000).toISOString(),
    id,
  ]);

const history = async (kind: 'users' | 'personas', id: string) => (await h.svc('GET', `${B}/${kind}/${id}/ban-actions`)).json();

describe('banning a user', () => {
  it('stops their token at once and refuses their sign-in with 423, until unbanned', async () => {
    const externalId = unique('p');
    const player = await signedIn(h, realm, externalId);
    expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/me`)).statusCode).toBe(200);
    const banned = await h.svc('POST', `${B}/users/${player.userId}/ban`, { banReason: 'cheating' });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json()).toMatchObject({ status: 'Banned', banReason: 'cheating' });
    const call = await asPlayer(h, player.token, 'GET', `${B}/sdk/me`);
    expect([call.statusCode, call.json().message]).toEqual([423, 'the player is banned']);
    const again = await signInServerSide(h, realm, externalId);
    expect([again.statusCode, again.json().code]).toEqual([423, 'PLAYER_BANNED']);
    expect((await h.svc('POST', `${B}/users/${player.userId}/unban`)).json().status).toBe('Active');
    expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/me`)).statusCode).toBe(200);
    expect((await signInServerSide(h, realm, externalId)).statusCode).toBe(200);
  });

  it('lifts a ban by itself once its end has passed, checked when the player is next seen', async () => {
    const externalId = unique('p');
    const player = await signedIn(h, realm, externalId);
    await h.svc('POST', `${B}/users/${player.userId}/ban`, { banReason: 'spam', banUntil: inAnHour() });
    expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/me`)).statusCode).toBe(423);
    await endBanNow('users', player.userId);
    // Nothing has touched the record yet: it still reads Banned.
    expect((await h.svc('GET', `${B}/users/${player.userId}`)).json().status).toBe('Banned');
    expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/me`)).statusCode).toBe(200);
    expect((await h.svc('GET', `${B}/users/${player.userId}`)).json().status).toBe('Active');
    expect((await signInServerSide(h, realm, externalId)).statusCode).toBe(200);
    const { banActions, total } = await history('users', player.userId);
    expect(total).toBe(2);
    expect(banActions[0]).toMatchObject({ action: 'unban', automatic: true, actor: 'system:ban-expired' });
    expect(banActions[1]).toMatchObject({ action: 'ban', reason: 'spam', automatic: false, actor: `app:${h.appId}` });
  });

  it('lifts an ended ban at sign-in too', async () => {
    const externalId = unique('p');
    const player = await signedIn(h, realm, externalId);
    await h.svc('POST', `${B}/users/${player.userId}/ban`, { banUntil: inAnHour() });
    expect((await signInServerSide(h, realm, externalId)).statusCode).toBe(423);
    await endBanNow('users', player.userId);
    expect((await signInServerSide(h, realm, externalId)).statusCode).toBe(200);
  });

  it('keeps a later ban without an end, even after an earlier timed ban', async () => {
    const player = await signedIn(h, realm);
    await h.svc('POST', `${B}/users/${player.userId}/ban`, { banReason: 'first', banUntil: inAnHour() });
    await h.svc('POST', `${B}/users/${player.userId}/unban`);
    const second = await h.svc('POST', `${B}/users/${player.userId}/ban`, { banReason: 'second' });
    expect(second.json().banUntil).toBeUndefined();
    expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/me`)).statusCode).toBe(423);
    const { banActions } = await history('users', player.userId);
    expect(banActions.map((a: { action: string; reason: string | null }) => [a.action, a.reason])).toEqual([
      ['ban', 'second'],
      ['unban', null],
      ['ban', 'first'],
    ]);
  });

  it('keeps the ban when the console edits the user', async () => {
    const player = await signedIn(h, realm);
    const banned = (await h.svc('POST', `${B}/users/${player.userId}/ban`, { banReason: 'abuse', banUntil: inAnHour() })).json();
    const edited = await h.svc('PUT', `${B}/users/${player.userId}`, { name: 'Renamed', loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', externalId: banned.externalId, version: banned.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Renamed', status: 'Banned', banReason: 'abuse', banUntil: banned.banUntil });
  });

  it("keeps another app's credential away from this app's users and their history", async () => {
    const player = await signedIn(h, realm);
    const as = (method: 'GET' | 'POST', url: string) => h.req({ method, url, headers: { authorization: h.otherBasic } });
    expect((await as('POST', `${B}/users/${player.userId}/ban`)).statusCode).toBe(404);
    expect((await as('GET', `${B}/users/${player.userId}/ban-actions`)).statusCode).toBe(404);
    expect((await as('GET', `${B}/users/${player.userId}/real-name`)).statusCode).toBe(404);
    expect((await h.svc('GET', `${B}/users/${player.userId}`)).json().status).toBe('Active');
  });
});

describe('banning a persona', () => {
  it('refuses calls as the banned persona and selecting it, while the player can still pick another', async () => {
    const player = await signedIn(h, realm);
    const first = await selectedPersona(h, player, realm);
    expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/friends`)).statusCode).toBe(200);
    expect((await h.svc('POST', `${B}/personas/${first}/ban`, { banReason: 'griefing', banUntil: inAnHour() })).statusCode).toBe(200);
    const call = await asPlayer(h, player.token, 'GET', `${B}/sdk/friends`);
    expect([call.statusCode, call.json().message]).toEqual([423, 'the persona is banned']);
    expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/me`)).statusCode).toBe(200);
    expect((await asPlayer(h, player.token, 'POST', `${B}/sdk/personas/${first}/select`)).statusCode).toBe(423);
    const second = await selectedPersona(h, player, realm);
    expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/friends`)).statusCode).toBe(200);
    await endBanNow('personas', first);
    expect((await asPlayer(h, player.token, 'POST', `${B}/sdk/personas/${first}/select`)).statusCode).toBe(200);
    expect((await history('personas', first)).banActions.map((a: { action: string }) => a.action)).toEqual(['unban', 'ban']);
    expect(second).not.toBe(first);
  });
});
