import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../server/services/passport/identity/codes';
import { basicOf, startHarness, type Harness } from './harness';
import { adminOf, call, historyOf, P } from './passport-identity-fixtures';

let h: Harness;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
const other = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(h, { authorization: h.otherBasic }, method, url, payload);

beforeAll(async () => {
  h = await startHarness();
  admin = await adminOf(h);
  otherAdmin = await adminOf(h, h.otherAppId);
});
afterAll(() => h.close());

describe('id domain', () => {
  it('is created once per app, read and changed by the app id, and no other app reaches it', async () => {
    const id = h.otherAppId;
    expect((await other('GET', `${P}/id-domains/${id}`)).statusCode).toBe(404);
    const created = await other('POST', `${P}/id-domains`, { name: 'Other Game', smsSignature: 'Other' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id, idDomainID: id, name: 'Other Game', smsSignature: 'Other', production: false, sendForReview: false, version: 1 });
    const again = await other('POST', `${P}/id-domains`, { name: 'Again' });
    expect(again.statusCode).toBe(409);

    const updated = await other('PUT', `${P}/id-domains/${id}`, { name: 'Other Game II', description: 'second', version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Other Game II', description: 'second', version: 2 });
    const stale = await other('PUT', `${P}/id-domains/${id}`, { name: 'Stale', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    // The demo app's credential cannot name the other app's id domain, nor the other way round.
    expect((await h.svc('GET', `${P}/id-domains/${id}`)).statusCode).toBe(404);
    expect((await h.svc('PUT', `${P}/id-domains/${id}`, { name: 'Taken', version: 2 })).statusCode).toBe(404);
    expect((await other('GET', `${P}/id-domains/${h.appId}`)).statusCode).toBe(404);
    expect((await other('GET', `${P}/id-domains/${id}`)).json().name).toBe('Other Game II');
    expect((await other('POST', `${P}/id-domains`, { name: 'x', smsSignature: '【x】' })).statusCode).toBe(400);
  });

  it('goes to production only through a review the administrators conclude', async () => {
    const id = h.otherAppId;
    const asked = await other('PUT', `${P}/id-domains/${id}/production`, { production: true });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ production: false, sendForReview: true });
    expect((await other('PUT', `${P}/id-domains/${id}/production`, { production: true })).statusCode).toBe(409);

    // The app's own credential cannot set the flags.
    expect((await other('PUT', `${P}/update-id-domain-production`, { idDomainId: id, production: true })).statusCode).toBe(403);
    expect((await other('PUT', `${P}/update-id-domain-send-for-review`, { idDomainId: id, sendForReview: false })).statusCode).toBe(403);
    expect((await other('GET', `${P}/id-domains/${id}`)).json()).toMatchObject({ production: false, sendForReview: true });

    // An administrator naming another app cannot reach this one's id domain.
    expect((await call(h, admin, 'PUT', `${P}/update-id-domain-production`, { idDomainId: id, production: true })).statusCode).toBe(404);

    const approved = await call(h, otherAdmin, 'PUT', `${P}/update-id-domain-production`, { idDomainId: id, production: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ production: true, sendForReview: false });
    expect((await other('PUT', `${P}/id-domains/${id}/production`, { production: true })).statusCode).toBe(409);

    const flagged = await call(h, otherAdmin, 'PUT', `${P}/update-id-domain-send-for-review`, { sendForReview: true });
    expect(flagged.json()).toMatchObject({ production: true, sendForReview: true });

    const back = await other('PUT', `${P}/id-domains/${id}/production`, { production: false });
    expect(back.json()).toMatchObject({ production: false, sendForReview: false });
    expect((await other('PUT', `${P}/id-domains/${id}/production`, { production: false })).statusCode).toBe(409);

    const actions = (await historyOf(h, id)).map((r) => `${r.actor.split(':')[0]} ${r.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'app passport.id-domains.request-production',
        'admin passport.id-domains.update-id-domain-production',
        'admin passport.id-domains.update-id-domain-send-for-review',
        'app passport.id-domains.leave-production',
      ]),
    );
  });
});

describe('SMS templates', () => {
  const create = async (content: string) => {
    const res = await h.svc('POST', `${P}/sms-templates`, { name: `t-${content.length}`, content });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('Reviewing');
    return res.json().id as string;
  };

  it('are approved by administrators only, enabled only when approved, and the enabled one is what codes are sent with', async () => {
    const id = await create('Code {code}, valid {minutes} min.');
    expect((await h.svc('POST', `${P}/sms-templates/${id}/enable`)).statusCode).toBe(409);
    expect((await h.svc('POST', `${P}/sms-templates/${id}/approve`)).statusCode).toBe(403);
    expect((await h.svc('GET', `${P}/sms-templates/${id}`)).json().status).toBe('Reviewing');

    const approved = await call(h, admin, 'POST', `${P}/sms-templates/${id}/approve`, { comment: 'ok' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Available', reviewComment: 'ok' });
    expect((await call(h, admin, 'POST', `${P}/sms-templates/${id}/approve`)).statusCode).toBe(409);

    const enabled = await h.svc('POST', `${P}/sms-templates/${id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().enabled).toBe(true);
    const list = (await h.svc('POST', `${P}/sms-templates/search`, { count: 100 })).json().smsTemplates as { id: string; enabled?: boolean }[];
    expect(list.filter((t) => t.enabled).map((t) => t.id)).toEqual([id]);

    const sent = await call(h, {}, 'POST', `${P}/sdk/verification-codes`, { appId: h.appId, phone: '13700007777' });
    expect(sent.statusCode).toBe(200);
    expect(smsOutbox(h.ctx).at(-1)!.text).toMatch(/^【Demo Game】Code \d{6}, valid 10 min\.$/);

    // An approved text stays what was approved; its name may change.
    const current = (await h.svc('GET', `${P}/sms-templates/${id}`)).json();
    const changed = await h.svc('PUT', `${P}/sms-templates/${id}`, { name: current.name, content: 'New {code}', version: current.version });
    expect(changed.statusCode).toBe(409);
    const renamed = await h.svc('PUT', `${P}/sms-templates/${id}`, { name: 'Renamed', content: current.content, version: current.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ enabled: true, status: 'Available' });
  });

  it('are rejected with a reason, changed and resubmitted', async () => {
    const id = await create('Your code: {code}');
    const noReason = await call(h, admin, 'POST', `${P}/sms-templates/${id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect((await h.svc('POST', `${P}/sms-templates/${id}/reject`, { comment: 'no' })).statusCode).toBe(403);
    const rejected = await call(h, admin, 'POST', `${P}/sms-templates/${id}/reject`, { comment: 'Missing the signature rules' });
    expect(rejected.json()).toMatchObject({ status: 'Failed', reviewComment: 'Missing the signature rules' });
    expect((await h.svc('POST', `${P}/sms-templates/${id}/enable`)).statusCode).toBe(409);

    const fixed = await h.svc('PUT', `${P}/sms-templates/${id}`, { name: 'Fixed', content: 'Code {code}', version: rejected.json().version });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const again = await h.svc('POST', `${P}/sms-templates/${id}/resubmit`);
    expect(again.json().status).toBe('Reviewing');
    expect((await h.svc('POST', `${P}/sms-templates`, { name: 'No code', content: 'Hello' })).statusCode).toBe(400);
  });

  it("are another app's to see and change only", async () => {
    const id = await create('Mine {code}');
    expect((await other('GET', `${P}/sms-templates/${id}`)).statusCode).toBe(404);
    expect((await other('POST', `${P}/sms-templates/${id}/enable`)).statusCode).toBe(404);
    expect((await call(h, otherAdmin, 'POST', `${P}/sms-templates/${id}/approve`)).statusCode).toBe(404);
    expect((await h.svc('GET', `${P}/sms-templates/${id}`)).json().status).toBe('Reviewing');
  });
});

describe('app secret notice', () => {
  it('drops the cached app, so a new secret works at once and the old one stops', async () => {
    const res = await h.db.query<{ app_id: string; app_service_secret: string }>('SELECT app_id, app_service_secret FROM apps WHERE app_id = $1', [h.otherAppId]);
    const oldBasic = basicOf(h.otherAppId, res.rows[0].app_service_secret);
    expect((await call(h, { authorization: oldBasic }, 'GET', `${P}/id-providers`)).statusCode).toBe(200);
    await h.db.query("UPDATE apps SET app_service_secret = 'rotated-secret-0123456789' WHERE app_id = $1", [h.otherAppId]);
    const newBasic = basicOf(h.otherAppId, 'rotated-secret-0123456789');
    // The cached app still holds the old secret.
    expect((await call(h, { authorization: newBasic }, 'GET', `${P}/id-providers`)).statusCode).toBe(401);

    const notice = await call(h, { authorization: newBasic }, 'POST', `${P}/internal/notify-app-secret-update`, { appId: h.otherAppId });
    expect(notice.statusCode, notice.body).toBe(200);
    expect(notice.json()).toEqual({ appId: h.otherAppId, forgotten: true });
    expect((await call(h, { authorization: newBasic }, 'GET', `${P}/id-providers`)).statusCode).toBe(200);
    expect((await call(h, { authorization: oldBasic }, 'GET', `${P}/id-providers`)).statusCode).toBe(401);

    // An app cannot speak for another.
    expect((await h.svc('POST', `${P}/internal/notify-app-secret-update`, { appId: h.otherAppId })).statusCode).toBe(404);
    expect((await call(h, {}, 'POST', `${P}/internal/notify-app-secret-update`)).statusCode).toBe(401);
    await h.db.query('UPDATE apps SET app_service_secret = $2 WHERE app_id = $1', [h.otherAppId, res.rows[0].app_service_secret]);
    h.ctx.apps.forget(h.otherAppId);
  });
});
