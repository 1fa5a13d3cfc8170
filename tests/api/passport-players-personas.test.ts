import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCheckChar } from '../../resources/real-name';
import { startHarness, type Harness } from './harness';
import { asPlayer, createRealm, signedIn, unique } from './passport-players-fixtures';
import { passport } from '../../resources/passport';

const B = passport.base;

let h: Harness;
let realm: string;
beforeAll(async () => {
  h = await startHarness();
  realm = await createRealm(h);
});
afterAll(() => h.close());

const usage = async (meter: string) =>
  Number((await h.db.query<{ q: string | null }>("SELECT sum(quantity) AS q FROM usage_events WHERE app_id = $1 AND service = 'passport' AND meter = $2", [h.appId, meter])).rows[0].q ?? 0);

describe("a player's personas", () => {
  it('are created in Open realms only, with names unique in the app, and listed for their player only', async () => {
    const player = await signedIn(h, realm);
    const name = unique('Aria');
    const created = await asPlayer(h, player.token, 'POST', `${B}/sdk/personas`, { name, realmId: realm });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name, realmId: realm, userId: player.userId, level: 1, status: 'Active' });
    const taken = await asPlayer(h, player.token, 'POST', `${B}/sdk/personas`, { name, realmId: realm });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'DUPLICATE']);

    const closed = await createRealm(h, { open: false });
    const refused = await asPlayer(h, player.token, 'POST', `${B}/sdk/personas`, { name: unique('Bo'), realmId: closed });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'REALM_NOT_OPEN']);
    const other = await signedIn(h, realm);
    await asPlayer(h, other.token, 'POST', `${B}/sdk/personas`, { name: unique('Cy'), realmId: realm });
    const mine = (await asPlayer(h, player.token, 'GET', `${B}/sdk/personas`)).json();
    expect(mine).toMatchObject({ total: 1, personas: [{ id: created.json().id }] });
    const inRealm = (await asPlayer(h, player.token, 'GET', `${B}/sdk/personas?realmId=${closed}`)).json();
    expect(inRealm.total).toBe(0);
  });

  it('cannot be selected while their realm is in maintenance', async () => {
    const r = await createRealm(h);
    const player = await signedIn(h, r);
    const id = (await asPlayer(h, player.token, 'POST', `${B}/sdk/personas`, { name: unique('Dee'), realmId: r })).json().id;
    await h.svc('POST', `${B}/realms/${r}/maintain`);
    const res = await asPlayer(h, player.token, 'POST', `${B}/sdk/personas/${id}/select`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'REALM_MAINTENANCE']);
  });

  it('keep their user and realm: the console cannot move them, and needs both to exist', async () => {
    const player = await signedIn(h, realm);
    const persona = (await asPlayer(h, player.token, 'POST', `${B}/sdk/personas`, { name: unique('Eve'), realmId: realm })).json();
    const otherRealm = await createRealm(h);
    const moved = await h.svc('PUT', `${B}/personas/${persona.id}`, { name: persona.name, userId: player.userId, realmId: otherRealm, version: persona.version });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details).toEqual([{ field: '/realmId', message: 'cannot be changed' }]);
    const orphan = await h.svc('POST', `${B}/personas`, { name: unique('Fay'), userId: 'no-such-user', realmId: realm });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().details).toEqual([{ field: '/userId', message: 'no such user' }]);
    const tagged = await h.svc('PUT', `${B}/personas/${persona.id}/tags`, { tags: ['no-such-tag'] });
    expect(tagged.statusCode).toBe(400);
  });

  it('carry tags of the app, read and replaced through their own path', async () => {
    const tag = await h.svc('POST', `${B}/tags`, { name: unique('vip') });
    expect(tag.statusCode, tag.body).toBe(201);
    const player = await signedIn(h, realm);
    const put = await h.svc('PUT', `${B}/users/${player.userId}/tags`, { tags: [tag.json().id] });
    expect(put.statusCode, put.body).toBe(200);
    expect((await h.svc('GET', `${B}/users/${player.userId}/tags`)).json().tags).toEqual([tag.json().id]);
  });
});

describe('real-name check', () => {
  const first17 = '44030119900307123';
  const valid = first17 + idCheckChar(first17);
  const wrongDigit = first17 + (idCheckChar(first17) === '0' ? '1' : '0');

  it('refuses a wrong check digit, passes a valid number once, stores it masked and records the usage', async () => {
    const player = await signedIn(h, realm);
    const before = await usage('real-name');
    const bad = await asPlayer(h, player.token, 'POST', `${B}/sdk/real-name`, { name: '王小明', idNumber: wrongDigit });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: '/idNumber', message: 'the check digit does not match' }]);
    expect(await usage('real-name')).toBe(before);

    const ok = await asPlayer(h, player.token, 'POST', `${B}/sdk/real-name`, { name: '王小明', idNumber: valid });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ verified: true, name: '王**', idNumber: `440${'*'.repeat(11)}${valid.slice(-4)}`, birthDate: '1990-03-07', adult: true, ageBand: 'over18' });
    expect(await usage('real-name')).toBe(before + 1);
    expect((await asPlayer(h, player.token, 'POST', `${B}/sdk/real-name`, { name: '王小明', idNumber: valid })).statusCode).toBe(409);
    expect(await usage('real-name')).toBe(before + 1);

    const read = (await h.svc('GET', `${B}/users/${player.userId}/real-name`)).json();
    expect(read).toMatchObject({ verified: true, name: '王**', birthDate: '1990-03-07' });
    expect(JSON.stringify(read)).not.toContain(valid);
    expect((await h.svc('GET', `${B}/users/${player.userId}`)).json().realNameVerified).toBe(true);
    const stored = await h.db.query('SELECT * FROM passport_real_names WHERE user_id = $1', [player.userId]);
    expect(JSON.stringify(stored.rows)).not.toContain(valid);
    expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/me`)).json().realName.verified).toBe(true);
  });

  it('tells minors their age band', async () => {
    const player = await signedIn(h, realm);
    const year = new Date().getUTCFullYear() - 10;
    const base = `110105${year}0101001`;
    const res = await asPlayer(h, player.token, 'POST', `${B}/sdk/real-name`, { name: '李雷', idNumber: base + idCheckChar(base) });
    expect(res.json()).toMatchObject({ verified: true, adult: false, ageBand: '8-16' });
    expect([9, 10]).toContain(res.json().age);
  });

  it('answers not verified for a user without a check', async () => {
    const player = await signedIn(h, realm);
    expect((await h.svc('GET', `${B}/users/${player.userId}/real-name`)).json()).toEqual({ verified: false });
  });
});
