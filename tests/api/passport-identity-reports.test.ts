import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { asPlayer, call, historyOf, newPlayer, otherApp, P, type TestPlayer } from './passport-identity-fixtures';

let h: Harness;
let reporter: TestPlayer;
let target: TestPlayer;
let bystander: TestPlayer;

beforeAll(async () => {
  h = await startHarness();
  [reporter, target, bystander] = [await newPlayer(h), await newPlayer(h), await newPlayer(h)];
});
afterAll(() => h.close());

const file = (by: TestPlayer, body: Record<string, unknown>) => asPlayer(h, by, 'POST', `${P}/sdk/reports`, { reason: 'Cheating', ...body });
const read = async (id: string) => (await h.svc('GET', `${P}/reports/${id}`)).json();
const setStatus = async (id: string, status: string, extra: Record<string, unknown> = {}) => {
  const { id: _id, version, createdAt: _c, updatedAt: _u, ...fields } = await read(id);
  return h.svc('PUT', `${P}/reports/${id}`, { ...fields, status, ...extra, version });
};

describe('player reports', () => {
  it('are filed by a player against another, bound to both, and reviewed by the operators', async () => {
    const filed = await file(reporter, { targetPersonaId: target.personaId, description: 'Wall hacks' });
    expect(filed.statusCode, filed.body).toBe(201);
    const report = filed.json();
    expect(report).toMatchObject({
      reporterUserId: reporter.userId,
      reporterPersonaId: reporter.personaId,
      targetUserId: target.userId,
      targetPersonaId: target.personaId,
      reason: 'Cheating',
      status: 'Reviewing',
    });
    // One open report per reporter and player.
    expect((await file(reporter, { targetUserId: target.userId })).statusCode).toBe(409);

    const actioned = await setStatus(report.id, 'Actioned', { handlerNote: 'Banned 7 days' });
    expect(actioned.statusCode, actioned.body).toBe(200);
    expect(actioned.json()).toMatchObject({ status: 'Actioned', handlerNote: 'Banned 7 days' });
    const found = await h.svc('POST', `${P}/reports/search`, { status: 'Actioned', targetUserId: target.userId });
    expect(found.json().reports.map((r: { id: string }) => r.id)).toEqual([report.id]);

    // Only Reviewing can be withdrawn; operators may reopen it.
    expect((await asPlayer(h, reporter, 'POST', `${P}/sdk/reports/${report.id}/revoke`)).statusCode).toBe(409);
    expect((await setStatus(report.id, 'Reviewing')).statusCode).toBe(200);
    expect((await asPlayer(h, bystander, 'POST', `${P}/sdk/reports/${report.id}/revoke`)).statusCode).toBe(404);
    const revoked = await asPlayer(h, reporter, 'POST', `${P}/sdk/reports/${report.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().status).toBe('Revoked');

    // Revoked is final.
    const after = await setStatus(report.id, 'Cleared');
    expect(after.statusCode).toBe(409);
    expect((await read(report.id)).status).toBe('Revoked');
    const actors = (await historyOf(h, report.id)).map((r) => `${r.actor.split(':')[0]} ${r.action}`);
    expect(actors).toEqual([
      'player passport.reports.file',
      'app passport.reports.update',
      'app passport.reports.update',
      'player passport.reports.revoke',
    ]);

    // The withdrawn report no longer blocks a new one.
    expect((await file(reporter, { targetUserId: target.userId })).statusCode).toBe(201);
    const mine = await asPlayer(h, reporter, 'GET', `${P}/sdk/reports`);
    expect(mine.json().total).toBe(2);
    expect((await asPlayer(h, target, 'GET', `${P}/sdk/reports`)).json().total).toBe(0);
  });

  it('refuse operators setting Revoked or changing who reported whom', async () => {
    const report = (await file(bystander, { targetUserId: target.userId, reason: 'Spam' })).json();
    const revoke = await setStatus(report.id, 'Revoked');
    expect(revoke.statusCode).toBe(400);
    expect(revoke.json().details[0].field).toBe('/status');
    const moved = await setStatus(report.id, 'Cleared', { targetUserId: reporter.userId });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details.map((d: { field: string }) => d.field)).toEqual(['/targetUserId']);
    const created = await h.svc('POST', `${P}/reports`, { reporterUserId: 'a', targetUserId: 'b', reason: 'Other', status: 'Revoked' });
    expect(created.statusCode).toBe(400);
    expect((await read(report.id)).status).toBe('Reviewing');
  });

  it('refuse reporting yourself, a missing player, or a player of another app', async () => {
    const self = await file(reporter, { targetPersonaId: reporter.personaId });
    expect(self.statusCode).toBe(400);
    expect(self.json().details[0].field).toBe('/targetPersonaId');
    expect((await file(reporter, { targetUserId: 'no-such-user' })).statusCode).toBe(404);
    const stranger = await newPlayer(h, otherApp(h));
    expect((await file(reporter, { targetPersonaId: stranger.personaId })).statusCode).toBe(404);
    expect((await file(reporter, { targetUserId: target.userId, targetPersonaId: bystander.personaId })).statusCode).toBe(400);
    expect((await file(reporter, {})).statusCode).toBe(400);
    expect((await call(h, {}, 'POST', `${P}/sdk/reports`, { targetUserId: target.userId, reason: 'Spam' })).statusCode).toBe(401);
  });

  it("are another app's to see and change only", async () => {
    const report = (await file(target, { targetUserId: bystander.userId, reason: 'Fraud' })).json();
    const theirs = (m: 'GET' | 'DELETE') => call(h, { authorization: h.otherBasic }, m, `${P}/reports/${report.id}`);
    expect((await theirs('GET')).statusCode).toBe(404);
    expect((await theirs('DELETE')).statusCode).toBe(404);
    const stranger = await newPlayer(h, otherApp(h));
    expect((await asPlayer(h, stranger, 'POST', `${P}/sdk/reports/${report.id}/revoke`)).statusCode).toBe(404);
    expect((await call(h, { authorization: h.otherBasic }, 'POST', `${P}/reports/search`, {})).json().reports).toEqual([]);
    expect((await h.svc('DELETE', `${P}/reports/${report.id}`)).statusCode).toBe(204);
  });
});
