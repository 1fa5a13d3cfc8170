import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveBillboards } from '../../server/services/passport/liveops/billboards';
import { advanceTimedStates } from '../../server/engine/timed-states';
import { startHarness, type Harness } from './harness';
import { asOther, historyCount, newPlayer, ok, refusal, slug } from './passport-liveops-fixtures';
import { passport } from '../../resources/passport';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const B = passport.base;
const DAY = 24 * 3600_000;
type Billboard = { id: string; status: string; publishAt?: string; version: number };

async function billboard(extra: Record<string, unknown> = {}) {
  return ok<Billboard>(await h.svc('POST', `${B}/billboards`, { title: 'News', content: 'Something happened', namespace: slug('ns'), expiry: '7', ...extra }), 201);
}
const get = async (id: string) => ok<Billboard>(await h.svc('GET', `${B}/billboards/${id}`));
const publish = (id: string, body?: object) => h.svc('POST', `${B}/billboards/${id}/publish`, body ?? {});
const liveIds = async (namespace: string, at: Date) => (await liveBillboards(h.ctx, h.appId, namespace, at)).billboards.map((b) => b.id);

describe('publishing', () => {
  it('publishes now, refuses publishing twice, revokes and publishes again', async () => {
    const b = await billboard();
    expect(refusal(await h.svc('POST', `${B}/billboards/${b.id}/revoke`))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    const before = Date.now();
    const published = ok<Billboard>(await publish(b.id));
    expect(published.status).toBe('billboardPublished');
    expect(Date.parse(published.publishAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(refusal(await publish(b.id))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(ok<Billboard>(await h.svc('POST', `${B}/billboards/${b.id}/revoke`)).status).toBe('billboardRevoked');
    expect(refusal(await h.svc('POST', `${B}/billboards/${b.id}/revoke`)).status).toBe(409);
    expect(ok<Billboard>(await publish(b.id)).status).toBe('billboardPublished');
    expect(await historyCount(h, 'passport.billboards.publish', b.id)).toBe(2);
  });

  it('schedules a publish at a future time, which can be revoked or published now instead', async () => {
    const at = new Date(Date.now() + 2 * DAY).toISOString();
    const b = await billboard();
    const scheduled = ok<Billboard>(await publish(b.id, { publishAt: at }));
    expect(scheduled).toMatchObject({ status: 'billboardScheduled', publishAt: at });
    expect(ok<Billboard>(await publish(b.id)).status).toBe('billboardPublished');

    const c = await billboard();
    ok(await publish(c.id, { publishAt: at }));
    expect(ok<Billboard>(await h.svc('POST', `${B}/billboards/${c.id}/revoke`)).status).toBe('billboardRevoked');
  });

  it('refuses a stale version, a publish time that is not a time, and a custom end before going live', async () => {
    const b = await billboard();
    expect(refusal(await publish(b.id, { version: b.version + 5 }))).toEqual({ status: 409, code: 'VERSION_CONFLICT' });
    expect((await publish(b.id, { publishAt: 'tomorrow' })).statusCode).toBe(400);
    const custom = await billboard({ expiry: 'custom', customExpiresAt: new Date(Date.now() + DAY).toISOString() });
    const late = await publish(custom.id, { publishAt: new Date(Date.now() + 2 * DAY).toISOString() });
    expect(late.statusCode).toBe(400);
    expect(late.json().details[0].field).toBe('/publishAt');
    expect((await get(custom.id)).status).toBe('billboardPending');
    expect((await h.svc('POST', `${B}/billboards`, { title: 'x', content: 'y', namespace: 'a', expiry: 'custom' })).statusCode).toBe(400);
  });

  it('keeps the publish time through an edit of the text', async () => {
    const b = await billboard();
    const published = ok<Billboard>(await publish(b.id));
    const edited = ok<Billboard & { title: string }>(
      await h.svc('PUT', `${B}/billboards/${b.id}`, { title: 'Edited', content: 'Fixed a typo', namespace: 'lobby', expiry: '7', version: published.version }),
    );
    expect(edited).toMatchObject({ title: 'Edited', status: 'billboardPublished', publishAt: published.publishAt });
    const endsBefore = await h.svc('PUT', `${B}/billboards/${b.id}`, {
      title: 'Edited',
      content: 'Fixed a typo',
      namespace: 'lobby',
      expiry: 'custom',
      customExpiresAt: new Date(Date.parse(published.publishAt!) - 1000).toISOString(),
      version: edited.version,
    });
    expect(endsBefore.statusCode).toBe(400);
    expect(endsBefore.json().details[0].field).toBe('/customExpiresAt');
    expect((await get(b.id)).version).toBe(edited.version);
  });
});

describe('the clock', () => {
  it('a scheduled billboard goes live at its time, and is published from then on', async () => {
    const ns = slug('ns');
    const now = Date.now();
    const at = new Date(now + 3 * 3600_000);
    const b = await billboard({ namespace: ns });
    ok(await publish(b.id, { publishAt: at.toISOString() }));
    expect(await liveIds(ns, new Date(at.getTime() - 1000))).toEqual([]);
    expect(await liveIds(ns, at)).toEqual([b.id]);

    expect(await advanceTimedStates(h.ctx, new Date(at.getTime() - 1000))).toBe(0);
    expect((await get(b.id)).status).toBe('billboardScheduled');
    expect(await advanceTimedStates(h.ctx, at)).toBeGreaterThanOrEqual(1);
    expect((await get(b.id)).status).toBe('billboardPublished');
    expect(await historyCount(h, 'passport.billboards.go-live', b.id)).toBe(1);
  });

  it('stops showing a billboard once its expiry has passed: N days after going live, or at its custom end', async () => {
    const ns = slug('ns');
    const at = new Date(Date.now() + 3600_000);
    const days = await billboard({ namespace: ns, expiry: '3' });
    const end = new Date(at.getTime() + 10 * DAY);
    const custom = await billboard({ namespace: ns, expiry: 'custom', customExpiresAt: end.toISOString() });
    ok(await publish(days.id, { publishAt: at.toISOString() }));
    ok(await publish(custom.id, { publishAt: at.toISOString() }));
    expect((await liveIds(ns, at)).sort()).toEqual([days.id, custom.id].sort());
    const threeDays = new Date(at.getTime() + 3 * DAY);
    expect(await liveIds(ns, new Date(threeDays.getTime() - 1))).toContain(days.id);
    expect(await liveIds(ns, threeDays)).toEqual([custom.id]);
    expect(await liveIds(ns, new Date(end.getTime() - 1))).toEqual([custom.id]);
    expect(await liveIds(ns, end)).toEqual([]);
  });

  it('shows revoked and pending billboards to no one', async () => {
    const ns = slug('ns');
    const pending = await billboard({ namespace: ns });
    const revoked = await billboard({ namespace: ns });
    ok(await publish(revoked.id));
    ok(await h.svc('POST', `${B}/billboards/${revoked.id}/revoke`));
    expect(await liveIds(ns, new Date(Date.now() + 1000))).toEqual([]);
    expect(pending.status).toBe('billboardPending');
  });
});

describe("players' billboards", () => {
  it('answers the live billboards of a namespace, highest priority first', async () => {
    const ns = slug('ns');
    const low = await billboard({ namespace: ns, priority: 1, title: 'Low' });
    const high = await billboard({ namespace: ns, priority: 50, title: 'High' });
    const elsewhere = await billboard({ priority: 99 });
    for (const b of [low, high, elsewhere]) ok(await publish(b.id));
    const p = await newPlayer(h, { select: false });
    const seen = ok<{ total: number; billboards: { id: string; title: string; expiresAt: string }[] }>(await p.call('GET', `${B}/sdk/billboards?namespace=${ns}`));
    expect(seen.billboards.map((b) => b.title)).toEqual(['High', 'Low']);
    expect(Date.parse(seen.billboards[0].expiresAt) - Date.parse(ok<Billboard>(await h.svc('GET', `${B}/billboards/${high.id}`)).publishAt!)).toBe(7 * DAY);
    expect((await p.call('GET', `${B}/sdk/billboards?namespace=not%20a%20namespace`)).statusCode).toBe(400);
    expect((await h.req({ method: 'GET', url: `${B}/sdk/billboards` })).statusCode).toBe(401);
    const stranger = await newPlayer(h, { appId: h.otherAppId, select: false });
    expect(ok<{ total: number }>(await stranger.call('GET', `${B}/sdk/billboards?namespace=${ns}`)).total).toBe(0);
  });

  it("lists the namespaces in use, and keeps another organisation's app out", async () => {
    const ns = slug('ns');
    const b = await billboard({ namespace: ns });
    const names = ok<{ namespaces: { name: string; count: number }[] }>(await h.svc('GET', `${B}/billboards/namespaces`)).namespaces;
    expect(names.find((n) => n.name === ns)).toEqual({ name: ns, count: 1 });
    expect(ok<{ namespaces: { name: string }[] }>(await asOther(h, 'GET', `${B}/billboards/namespaces`)).namespaces.map((n) => n.name)).not.toContain(ns);
    expect((await asOther(h, 'POST', `${B}/billboards/${b.id}/publish`, {})).statusCode).toBe(404);
    expect((await get(b.id)).status).toBe('billboardPending');
  });
});
