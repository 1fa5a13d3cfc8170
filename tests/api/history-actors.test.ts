/**
 * Who the operation history names for a service call made with the app credential (as the console makes them,
 * spec 000 §6): the signed-in person whose session goes along, when they may act on the app; otherwise the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteConfig } from '../../resources/config';
import { passport } from '../../resources/passport';
import { createAccount } from '../../server/platform/accounts';
import { DEMO_ADMIN, DEMO_USER, startHarness, type Harness } from './harness';
import { orgOfApp } from './ops-fixtures';

let h: Harness;
const session: Record<'owner' | 'member' | 'outsider' | 'otherRole' | 'admin', string> = { owner: '', member: '', outsider: '', otherRole: '', admin: '' };

/** An account of the demo app's organisation holding `role`, signed in. */
async function memberWith(role: string, email: string): Promise<string> {
  const id = await createAccount(h.db, { email, password: 'member-password', name: role });
  await h.db.query('INSERT INTO org_members (org_id, account_id, role) VALUES ($1, $2, $3)', [await orgOfApp(h, h.appId), id, role]);
  return h.login(email, 'member-password');
}

beforeAll(async () => {
  h = await startHarness();
  session.owner = await h.login(DEMO_USER.email, DEMO_USER.password);
  session.member = await memberWith('member', 'member@example.com');
  session.otherRole = await memberWith('auditor', 'auditor@example.com');
  session.outsider = await h.login('other@example.com', 'other-password');
  session.admin = await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login');
});
afterAll(() => h.close());

/** A call with the app credential and, when given, session cookies, as the console sends it. */
function withCredential(method: 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown, authorization = h.basic) {
  const headers: Record<string, string> = { authorization };
  if (cookie) headers.cookie = cookie;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return h.req({ method, url, headers, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
}

const actorsOf = async (action: string, target: string) =>
  (await h.db.query<{ actor: string }>('SELECT actor FROM audit_log WHERE action = $1 AND target = $2 ORDER BY id', [action, target])).rows.map((r) => r.actor);

let configs = 0;
/** Creates a config with the credential and the cookie; answers the history's actor of that create. */
async function createConfigAs(cookie?: string, authorization = h.basic, appId = h.appId): Promise<string[]> {
  configs += 1;
  const res = await withCredential('POST', `${remoteConfig.base}/configs`, cookie, { key: `actor_${configs}`, type: 'INT', value: '1' }, authorization);
  expect(res.statusCode, res.body).toBe(201);
  const rows = await h.db.query<{ actor: string }>("SELECT actor FROM audit_log WHERE action = 'remote-config.configs.create' AND target = $1 AND app_id = $2", [
    res.json().id,
    appId,
  ]);
  return rows.rows.map((r) => r.actor);
}

describe('the history names the person whose console session goes with the app credential', () => {
  it('names the owner and a plain member of the app organisation for their console edits', async () => {
    expect(await createConfigAs(session.owner)).toEqual([`user:${DEMO_USER.email}`]);
    expect(await createConfigAs(session.member)).toEqual(['user:member@example.com']);
  });

  it('names the app for a call with no session (a game server)', async () => {
    expect(await createConfigAs(undefined)).toEqual([`app:${h.appId}`]);
  });

  it('names the app when the session is forged, of someone outside the organisation, or of a role that may not act on the app', async () => {
    expect(await createConfigAs('sst=forged-session-token')).toEqual([`app:${h.appId}`]);
    expect(await createConfigAs(session.outsider)).toEqual([`app:${h.appId}`]);
    expect(await createConfigAs(session.otherRole)).toEqual([`app:${h.appId}`]);
    // A member of the demo organisation sending another organisation's credential acts for that app, not as themselves.
    expect(await createConfigAs(session.owner, h.otherBasic, h.otherAppId)).toEqual([`app:${h.otherAppId}`]);
  });

  it('names an administrator whose session goes with the credential', async () => {
    expect(await createConfigAs(session.admin)).toEqual([`admin:${DEMO_ADMIN.email}`]);
  });

  it('names the person on updates, state actions, deletes and a service’s own calls (a leaderboard reset)', async () => {
    const created = await withCredential('POST', `${remoteConfig.base}/configs`, session.member, { key: 'actor_update', type: 'INT', value: '1' });
    const config = created.json() as { id: string; version: number };
    const updated = await withCredential('PUT', `${remoteConfig.base}/configs/${config.id}`, session.member, { key: 'actor_update', type: 'INT', value: '2', version: config.version });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await withCredential('DELETE', `${remoteConfig.base}/configs/${config.id}`, session.owner)).statusCode).toBe(204);
    expect(await actorsOf('remote-config.configs.update', config.id)).toEqual(['user:member@example.com']);
    expect(await actorsOf('remote-config.configs.delete', config.id)).toEqual([`user:${DEMO_USER.email}`]);

    const override = await withCredential('POST', `${remoteConfig.base}/overrides`, session.member, { name: 'actor override' });
    expect(override.statusCode, override.body).toBe(201);
    const disabled = await withCredential('PUT', `${remoteConfig.base}/overrides/${override.json().id}/disable`, session.member);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await actorsOf('remote-config.overrides.disable', override.json().id)).toEqual(['user:member@example.com']);

    const board = await withCredential('POST', `${passport.base}/leaderboards`, session.owner, {
      name: 'Actor board',
      slugName: 'actor-board',
      updateType: 'KeepBest',
      memberType: 'Entity',
      sortOrder: 'Desc',
    });
    expect(board.statusCode, board.body).toBe(201);
    expect((await withCredential('POST', `${passport.base}/leaderboards/actor-board/reset`, session.member)).statusCode).toBe(200);
    expect(await actorsOf('passport.leaderboards.create', board.json().id)).toEqual([`user:${DEMO_USER.email}`]);
    expect(await actorsOf('passport.leaderboards.reset', board.json().id)).toEqual(['user:member@example.com']);
  });

  it('does not let a session widen what the credential may do', async () => {
    const template = await withCredential('POST', `${passport.base}/sms-templates`, session.admin, { name: 'actor-template', content: 'Code {code}, valid {minutes} min.' });
    expect(template.statusCode, template.body).toBe(201);
    // Approving is the administrators' (their session naming the app in its headers); the credential may not, whoever goes along.
    const approve = await withCredential('POST', `${passport.base}/sms-templates/${template.json().id}/approve`, session.admin, { comment: 'ok' });
    expect(approve.statusCode).toBe(403);
    const wrongSecret = await withCredential('POST', `${remoteConfig.base}/configs`, session.owner, { key: 'actor_wrong', type: 'INT', value: '1' }, `Basic ${Buffer.from(`${h.appId}:wrong`).toString('base64')}`);
    expect(wrongSecret.statusCode).toBe(401);
  });
});
