import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/platform/accounts';
import type { OperationEntry } from '../../resources/ops-api';
import { startHarness, type Harness } from './harness';
import { call, countRows, fieldsOf, orgOfApp, signInAll, type Sessions } from './ops-fixtures';

let h: Harness;
let s: Sessions;
let demoOrg: string;
let histApp: string;

/** Entries of a fresh app in Demo Studio, at chosen instants (UTC), plus one of the other studio's app. */
const ENTRIES = [
  { name: 'A', at: '2025-01-10T00:00:00Z', actor: 'user:demo@example.com', app: 'hist', action: 'config.create', target: 'c1', after: { key: 'a' } },
  { name: 'B', at: '2025-01-11T00:00:00Z', actor: 'admin:admin@example.com', app: 'hist', action: 'config.update', target: 'c1', before: { key: 'a' }, after: { key: 'b' } },
  { name: 'C', at: '2025-01-11T06:00:00Z', actor: 'user:other@example.com', app: 'other', action: 'config.create', target: 'c9' },
  { name: 'D', at: '2025-01-12T01:00:00Z', actor: 'user:demo@example.com', app: null, action: 'org.member.invite', target: 'ORG' },
  { name: 'E', at: '2025-01-12T15:59:59Z', actor: 'user:demo@example.com', app: 'hist', action: 'configuration.export', target: 'all' },
  { name: 'F', at: '2025-01-12T16:00:00Z', actor: 'user:demo@example.com', app: 'hist', action: 'config.delete', target: 'c1', before: { key: 'b' } },
];

const history = (cookie: string | undefined, body: unknown) => call(h, 'POST', '/api/operation/history', cookie, body);
const targets = (items: OperationEntry[]) => items.map((i) => `${i.Action}:${i.Target}`);

beforeAll(async () => {
  h = await startHarness();
  s = await signInAll(h);
  demoOrg = await orgOfApp(h, h.appId);
  histApp = await createApp(h.db, demoOrg, 'History Game');
  for (const e of ENTRIES) {
    const appId = e.app === 'hist' ? histApp : e.app === 'other' ? h.otherAppId : null;
    await h.db.query('INSERT INTO audit_log (at, actor, app_id, action, target, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      e.at,
      e.actor,
      appId,
      e.action,
      e.target === 'ORG' ? demoOrg : e.target,
      e.before ? JSON.stringify(e.before) : null,
      e.after ? JSON.stringify(e.after) : null,
    ]);
  }
});
afterAll(() => h.close());

describe('operation history for members', () => {
  it("answers the app's entries newest first, with the app's name and the records before and after", async () => {
    const res = await history(s.user, { AppId: histApp });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { TotalCount: number; Items: OperationEntry[] };
    expect(body.TotalCount).toBe(4);
    expect(targets(body.Items)).toEqual(['config.delete:c1', 'configuration.export:all', 'config.update:c1', 'config.create:c1']);
    const update = body.Items[2];
    expect(update).toMatchObject({ AppId: histApp, AppName: 'History Game', Actor: 'admin:admin@example.com', Before: { key: 'a' }, After: { key: 'b' } });
    expect(update.At).toBe('2025-01-11T00:00:00.000Z');
  });

  it('pages with count and start', async () => {
    const res = await history(s.user, { AppId: histApp, count: 2, start: 1 });
    expect(res.json().TotalCount).toBe(4);
    expect(targets(res.json().Items)).toEqual(['configuration.export:all', 'config.update:c1']);
  });

  it('filters by action (whole dotted segments), actor and time range', async () => {
    const byAction = await history(s.user, { AppId: histApp, Action: 'config' });
    expect(targets(byAction.json().Items)).toEqual(['config.delete:c1', 'config.update:c1', 'config.create:c1']);
    const exact = await history(s.user, { AppId: histApp, Action: 'config.update' });
    expect(targets(exact.json().Items)).toEqual(['config.update:c1']);
    const byIdentity = await history(s.user, { AppId: histApp, Actor: 'ADMIN@example.com' });
    expect(targets(byIdentity.json().Items)).toEqual(['config.update:c1']);
    const byWholeActor = await history(s.user, { AppId: histApp, Actor: 'user:demo@example.com' });
    expect(byWholeActor.json().TotalCount).toBe(3);
    const range = await history(s.user, { AppId: histApp, From: '2025-01-11T00:00:00Z', To: '2025-01-12T15:59:59Z' });
    expect(targets(range.json().Items)).toEqual(['configuration.export:all', 'config.update:c1']);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const reversed = await history(s.user, { AppId: histApp, From: '2025-02-01T00:00:00Z', To: '2025-01-01T00:00:00Z' });
    expect(reversed.statusCode).toBe(400);
    expect(fieldsOf(reversed.json())).toEqual(['/From']);
    const missing = await history(s.user, { Action: 'config' });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing.json())).toEqual(['/AppId']);
    for (const body of [{ AppId: histApp, count: 0 }, { AppId: histApp, From: 'yesterday' }, { AppId: histApp, Extra: 1 }, { AppId: 'no/slash' }]) {
      const res = await history(s.user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("refuses another organisation's app, an unknown app and a missing session", async () => {
    const foreign = await history(s.other, { AppId: histApp });
    expect(foreign.statusCode).toBe(403);
    const ownOnForeign = await history(s.user, { AppId: h.otherAppId });
    expect(ownOnForeign.statusCode).toBe(403);
    expect((await history(s.user, { AppId: 'no-such-app' })).statusCode).toBe(403);
    expect((await history(undefined, { AppId: histApp })).statusCode).toBe(401);
  });
});

describe('operation history for administrators', () => {
  const window = { From: '2025-01-01T00:00:00Z', To: '2025-01-31T00:00:00Z' };

  it('sees every app and organisation-level entries', async () => {
    const res = await history(s.admin, window);
    expect(res.statusCode).toBe(200);
    expect(res.json().TotalCount).toBe(6);
    const other = res.json().Items.find((i: OperationEntry) => i.Target === 'c9');
    expect(other).toMatchObject({ AppId: h.otherAppId, AppName: 'Other Game' });
  });

  it("filters by organisation: its apps' entries and entries about the organisation itself", async () => {
    const res = await history(s.admin, { ...window, OrgId: demoOrg });
    expect(targets(res.json().Items)).toEqual(['config.delete:c1', 'configuration.export:all', `org.member.invite:${demoOrg}`, 'config.update:c1', 'config.create:c1']);
    const otherOrg = await history(s.admin, { ...window, OrgId: await orgOfApp(h, h.otherAppId) });
    expect(targets(otherOrg.json().Items)).toEqual(['config.create:c9']);
  });
});

describe('operations per day', () => {
  it('counts an app\'s operations per Shanghai day, zero-filled, for members', async () => {
    const res = await call(h, 'POST', '/api/operation/daily', s.user, { AppId: histApp, days: 7, end: '2025-01-13' });
    expect(res.statusCode).toBe(200);
    // A 01-10 08:00, B 01-11 08:00, E 01-12 23:59:59, F 01-13 00:00 (Shanghai).
    expect(res.json()).toEqual({
      Items: [
        { Date: '2025-01-07', Count: 0 },
        { Date: '2025-01-08', Count: 0 },
        { Date: '2025-01-09', Count: 0 },
        { Date: '2025-01-10', Count: 1 },
        { Date: '2025-01-11', Count: 1 },
        { Date: '2025-01-12', Count: 1 },
        { Date: '2025-01-13', Count: 1 },
      ],
      Total: 4,
    });
  });

  it('applies the filters and the access rules of the history', async () => {
    const filtered = await call(h, 'POST', '/api/operation/daily', s.user, { AppId: histApp, days: 7, end: '2025-01-13', Action: 'config.update' });
    expect(filtered.json().Total).toBe(1);
    expect((await call(h, 'POST', '/api/operation/daily', s.other, { AppId: histApp, days: 7 })).statusCode).toBe(403);
    expect((await call(h, 'POST', '/api/operation/daily', s.user, { days: 7 })).statusCode).toBe(400);
    expect((await call(h, 'POST', '/api/operation/daily', s.user, { AppId: histApp, days: 8 })).statusCode).toBe(400);
    const all = await call(h, 'POST', '/api/operation/daily', s.admin, { days: 7, end: '2025-01-13' });
    expect(all.json().Total).toBe(6);
  });
});

describe('operations reported by services', () => {
  const alert = (appId: string) => ({
    serviceName: 'stacktrace',
    appId,
    appName: 'Demo Game',
    operation: 'symbols.upload',
    title: 'Symbols uploaded',
    template: 'Build {{build}} symbols uploaded',
    userName: 'ci-bot',
  });

  it('stores the report in the app history with the alert fields', async () => {
    const res = await h.req({ method: 'POST', url: '/api/service/operation/history', payload: alert(h.appId), headers: { authorization: h.basic } });
    expect(res.statusCode).toBe(201);
    const id = res.json().Id;
    const list = await history(s.user, { AppId: h.appId, Action: 'symbols.upload' });
    const entry = list.json().Items.find((i: OperationEntry) => i.Id === id);
    expect(entry).toMatchObject({
      Actor: 'service:stacktrace',
      Service: 'stacktrace',
      Action: 'symbols.upload',
      Title: 'Symbols uploaded',
      Template: 'Build {{build}} symbols uploaded',
      UserName: 'ci-bot',
      AppName: 'Demo Game',
    });
  });

  it("refuses a report about another app than the credential's, and stores nothing", async () => {
    const before = await countRows(h, 'audit_log', 'app_id = $1', [h.otherAppId]);
    const res = await h.req({ method: 'POST', url: '/api/service/operation/history', payload: alert(h.otherAppId), headers: { authorization: h.basic } });
    expect(res.statusCode).toBe(403);
    expect(await countRows(h, 'audit_log', 'app_id = $1', [h.otherAppId])).toBe(before);
  });

  it('refuses missing or wrong credentials, a user session, and bad bodies', async () => {
    const url = '/api/service/operation/history';
    expect((await h.req({ method: 'POST', url, payload: alert(h.appId) })).statusCode).toBe(401);
    const wrong = `Basic ${Buffer.from(`${h.appId}:not-the-secret`).toString('base64')}`;
    expect((await h.req({ method: 'POST', url, payload: alert(h.appId), headers: { authorization: wrong } })).statusCode).toBe(401);
    expect((await call(h, 'POST', url, s.user, alert(h.appId))).statusCode).toBe(401);
    const { operation: _dropped, ...noOperation } = alert(h.appId);
    const bad = await h.req({ method: 'POST', url, payload: noOperation, headers: { authorization: h.basic } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(['/operation']);
    const long = await h.req({ method: 'POST', url, payload: { ...alert(h.appId), title: 'x'.repeat(501) }, headers: { authorization: h.basic } });
    expect(long.statusCode).toBe(400);
    expect(fieldsOf(long.json())).toEqual(['/title']);
  });
});
