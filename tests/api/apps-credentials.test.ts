import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicOf, startHarness, type Harness } from './harness';
import { auditActions, call, castOf, catalogueRoles, insertToken, storedApp, type Cast } from './apps-fixtures';
import { remoteConfig } from '../../resources/config';

const RC = remoteConfig.base;

let h: Harness;
let c: Cast;
let roles: ReturnType<typeof catalogueRoles>;
beforeAll(async () => {
  h = await startHarness();
  c = await castOf(h);
  roles = catalogueRoles();
});
afterAll(() => h.close());

const DAY = 24 * 60 * 60 * 1000;

async function newApp(SupportMultiServices = true): Promise<string> {
  const res = await call(h, c.owner, 'POST', '/api/app', { ProjectName: 'Redeemer', OrganizationId: c.demoOrgId, SupportMultiServices });
  return res.json().AppId;
}

const redeem = (appId: string, Token: string, cookie = c.owner) => call(h, cookie, 'POST', `/api/app/${appId}/redeem-token`, { Token });
const tokenRow = async (id: string) =>
  (await h.db.query<{ status: string; fulfilled_app_id: string | null; fulfilled_org_id: string | null }>('SELECT status, fulfilled_app_id, fulfilled_org_id FROM service_tokens WHERE id = $1', [id])).rows[0];
/** The ledger money a credit code became: Active Increase adjustments referencing the token. */
const grantsOf = async (tokenId: string) =>
  (
    await h.db.query<{ org_id: string; app_id: string; amount: string }>(
      "SELECT org_id, app_id, amount::text AS amount FROM transactions WHERE reference = $1 AND type = 'Adjustment' AND adjustment_type = 'Increase' AND status = 'Active'",
      [`token:${tokenId}`],
    )
  ).rows;

describe('POST /api/app/:id/generate-secret', () => {
  it('replaces the service secret: the old Basic credential is refused at once, the new one works', async () => {
    const oldBasic = h.basic;
    // The credential is cached by the server: use it first so a stale cache would let it through.
    expect((await h.svc('GET', `${RC}/configs`)).statusCode).toBe(200);
    const before = await storedApp(h, h.appId);
    const res = await call(h, c.owner, 'POST', `/api/app/${h.appId}/generate-secret`, { Kind: 'AppServiceSecret' });
    expect(res.statusCode).toBe(200);
    const secret = res.json().AppServiceSecret;
    expect(secret).not.toBe(before.app_service_secret);
    expect(res.json().AppSecret).toBe(before.app_secret);
    const stale = await h.req({ method: 'GET', url: `${RC}/configs`, headers: { authorization: oldBasic } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('invalid app credentials');
    const fresh = await h.req({ method: 'GET', url: `${RC}/configs`, headers: { authorization: basicOf(h.appId, secret) } });
    expect(fresh.statusCode).toBe(200);
    const entry = (await auditActions(h, h.appId)).at(-1);
    expect(entry).toEqual({ actor: 'user:demo@example.com', action: 'app.secret.generate', target: h.appId });
    const after = (await h.db.query<{ after: string }>("SELECT after::text FROM audit_log WHERE action = 'app.secret.generate'")).rows[0].after;
    expect(after).not.toContain(secret);
  });

  it('replaces the AppSecret alone for an organisation admin or an administrator', async () => {
    const before = await storedApp(h, h.appId);
    const res = await call(h, c.orgAdmin, 'POST', `/api/app/${h.appId}/generate-secret`, { Kind: 'AppSecret' });
    expect(res.json().AppSecret).not.toBe(before.app_secret);
    expect(res.json().AppServiceSecret).toBe(before.app_service_secret);
    expect((await call(h, c.admin, 'POST', `/api/app/${h.otherAppId}/generate-secret`, { Kind: 'AppSecret' })).statusCode).toBe(200);
  });

  it('refuses members, other organisations, anonymous callers and bad kinds, and keeps the secrets', async () => {
    const mine = await storedApp(h, h.appId);
    const theirs = await storedApp(h, h.otherAppId);
    expect((await call(h, c.member, 'POST', `/api/app/${h.appId}/generate-secret`, { Kind: 'AppServiceSecret' })).statusCode).toBe(403);
    expect((await call(h, c.owner, 'POST', `/api/app/${h.otherAppId}/generate-secret`, { Kind: 'AppServiceSecret' })).statusCode).toBe(403);
    expect((await call(h, undefined, 'POST', `/api/app/${h.appId}/generate-secret`, { Kind: 'AppServiceSecret' })).statusCode).toBe(401);
    const bad = await call(h, c.owner, 'POST', `/api/app/${h.appId}/generate-secret`, { Kind: 'Password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('/Kind');
    expect(await storedApp(h, h.appId)).toEqual(mine);
    expect(await storedApp(h, h.otherAppId)).toEqual(theirs);
  });
});

describe('POST /api/app/:id/redeem-token', () => {
  it('grants credit to the organisation once, with the token Fulfilled and the history written', async () => {
    const appId = await newApp();
    const { id, token } = await insertToken(h, { kind: 'credit', amount: '123.45' });
    const res = await redeem(appId, token.toLowerCase().replace(/-/g, ' '));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Kind: 'credit', Amount: '123.45', Service: null, TrialUntil: null });
    expect(await tokenRow(id)).toEqual({ status: 'Fulfilled', fulfilled_app_id: appId, fulfilled_org_id: c.demoOrgId });
    expect(await grantsOf(id)).toEqual([{ org_id: c.demoOrgId, app_id: appId, amount: '123.45' }]);
    expect((await auditActions(h, appId)).at(-1)).toEqual({ actor: 'user:demo@example.com', action: 'app.token.redeem', target: id });
  });

  it('answers an unknown code with 404 and a used one with 409, in the spec words', async () => {
    const appId = await newApp();
    const unknown = await redeem(appId, 'NOPE0-NOPE0-NOPE0-NOPE0');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('failed to find token');
    const { id, token } = await insertToken(h, { kind: 'credit', amount: '10.00' }, 'Fulfilled');
    const used = await redeem(appId, token);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('token has been fulfilled');
    expect(await grantsOf(id)).toEqual([]);
    expect((await tokenRow(id)).fulfilled_app_id).toBeNull();
  });

  it('lets exactly one of two concurrent redeems of the same code succeed', async () => {
    const [a, b] = [await newApp(), await newApp()];
    const { id, token } = await insertToken(h, { kind: 'credit', amount: '50.00' });
    const answers = await Promise.all([redeem(a, token), redeem(b, token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await grantsOf(id)).toHaveLength(1);
  });

  it('enables a trial service with trialUntil, and extends an ongoing trial', async () => {
    const appId = await newApp();
    const service = roles.free.name;
    const { token } = await insertToken(h, { kind: 'trial', service, trialDays: 14 });
    const start = Date.now();
    const res = await redeem(appId, token);
    expect(res.statusCode).toBe(200);
    const { TrialUntil } = res.json();
    expect(res.json()).toMatchObject({ Kind: 'trial', Amount: null, Service: service });
    expect(Date.parse(TrialUntil) - start).toBeGreaterThanOrEqual(14 * DAY - 1000);
    expect(Date.parse(TrialUntil) - start).toBeLessThanOrEqual(14 * DAY + 60_000);
    const state = (await storedApp(h, appId)).services[service];
    expect(state).toMatchObject({ Status: 'Enabled', Properties: { trialUntil: TrialUntil } });
    const more = await redeem(appId, (await insertToken(h, { kind: 'trial', service, trialDays: 7 })).token);
    expect(Date.parse(more.json().TrialUntil) - Date.parse(TrialUntil)).toBe(7 * DAY);
    expect((await storedApp(h, appId)).services[service].ServiceId).toBe(state.ServiceId);
  });

  it('provisions the project of a trial service that needs one', async () => {
    const appId = await newApp();
    const { token } = await insertToken(h, { kind: 'trial', service: roles.project.name, trialDays: 3 });
    expect((await redeem(appId, token)).statusCode).toBe(200);
    const projects = await h.db.query('SELECT 1 FROM app_service_projects WHERE app_id = $1 AND service = $2', [appId, roles.project.name]);
    expect(projects.rows).toHaveLength(1);
  });

  it('refuses a trial of an occupied service with 409 and leaves the token Active', async () => {
    const [a, b] = roles.hosting;
    const appId = await newApp();
    await call(h, c.owner, 'POST', `/api/app/${appId}/service`, { Service: a.name });
    const { id, token } = await insertToken(h, { kind: 'trial', service: b.name, trialDays: 30 });
    const res = await redeem(appId, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('service occupied');
    expect(await tokenRow(id)).toEqual({ status: 'Active', fulfilled_app_id: null, fulfilled_org_id: null });
    expect((await storedApp(h, appId)).services[b.name]).toBeUndefined();
    expect((await auditActions(h, appId)).some((e) => e.action === 'app.token.redeem')).toBe(false);
    // The same code still works on an app that can take the service.
    expect((await redeem(await newApp(), token)).statusCode).toBe(200);
  });

  it('refuses a trial of a service the app already has for good, keeping the token', async () => {
    const appId = await newApp();
    await call(h, c.owner, 'POST', `/api/app/${appId}/service`, { Service: roles.free.name });
    const { id, token } = await insertToken(h, { kind: 'trial', service: roles.free.name, trialDays: 30 });
    const res = await redeem(appId, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('service already enabled');
    expect((await tokenRow(id)).status).toBe('Active');
  });

  it('refuses members, other organisations, anonymous callers and bad bodies, keeping the token', async () => {
    const appId = await newApp();
    const { id, token } = await insertToken(h, { kind: 'credit', amount: '5.00' });
    expect((await redeem(appId, token, c.member)).statusCode).toBe(403);
    expect((await redeem(appId, token, c.stranger)).statusCode).toBe(403);
    expect((await redeem(h.otherAppId, token, c.owner)).statusCode).toBe(403);
    expect((await call(h, undefined, 'POST', `/api/app/${appId}/redeem-token`, { Token: token })).statusCode).toBe(401);
    for (const payload of [{}, { Token: '' }, { Token: 'x'.repeat(65) }, { Token: token, Extra: 1 }]) {
      expect((await call(h, c.owner, 'POST', `/api/app/${appId}/redeem-token`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await tokenRow(id)).status).toBe('Active');
    expect(await grantsOf(id)).toEqual([]);
  });
});
