import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTimedStates } from '../../server/engine/timed-states';
import { startHarness, type Harness } from './harness';
import { asOther, historyCount, holdings, newPlayer, newResource, ok, refusal, slug, type TestPlayer } from './passport-liveops-fixtures';
import { passport } from '../../resources/passport';

let h: Harness;
let coin: string;
let gem: string;
beforeAll(async () => {
  h = await startHarness();
  [coin, gem] = [await newResource(h), await newResource(h)];
});
afterAll(() => h.close());

const B = passport.base;
const DAY = 24 * 3600_000;
type Pass = { id: string; slugName: string; status: string; version: number };
type Standing = { battlePassId: string; exp: number; level: number; premium: boolean; claims: { level: number; track: string }[] };

const slots = () => [
  { level: 1, exp: 0, freeRewards: [{ resource: coin, amount: 10 }], premiumRewards: [{ resource: gem, amount: 1 }] },
  { level: 2, exp: 100, freeRewards: [{ resource: coin, amount: 20 }], premiumRewards: [] },
  { level: 3, exp: 300, freeRewards: [], premiumRewards: [{ resource: gem, amount: 5 }] },
];

/** A pass running from a day ago for `days` days, published unless told. */
async function pass(opts: { publish?: boolean; startsIn?: number; days?: number } = {}): Promise<Pass> {
  const start = Date.now() + (opts.startsIn ?? -DAY);
  const body = { name: 'Season', slugName: slug('season'), startTime: new Date(start).toISOString(), endTime: new Date(start + (opts.days ?? 30) * DAY).toISOString(), slots: slots() };
  const created = ok<Pass>(await h.svc('POST', `${B}/battle-pass`, body), 201);
  return opts.publish === false ? created : ok<Pass>(await h.svc('POST', `${B}/battle-pass/${created.id}/publish`));
}
const exp = (p: TestPlayer, id: string, n: number) => p.call('POST', `${B}/sdk/battle-pass/${id}/exp`, { exp: n });
const claim = (p: TestPlayer, id: string, level: number, track: string) => p.call('POST', `${B}/sdk/battle-pass/${id}/claim`, { level, track });
const premium = (id: string, personaId: string, on = true) => h.svc('PUT', `${B}/battle-pass/${id}/personas/${personaId}/premium`, { premium: on });

describe('definition', () => {
  it('refuses an end before the start and levels out of order or needing less experience', async () => {
    const base = { name: 'Bad', slugName: slug('bad'), startTime: '2030-01-02T00:00:00.000Z', endTime: '2030-01-01T00:00:00.000Z' };
    const fields = async (body: object) => (await h.svc('POST', `${B}/battle-pass`, body)).json().details.map((d: { field: string }) => d.field);
    expect(await fields(base)).toEqual(['/endTime']);
    const ok2 = { ...base, endTime: '2030-02-01T00:00:00.000Z' };
    expect(await fields({ ...ok2, slots: [{ level: 2, exp: 0 }] })).toEqual(['/slots/0/level']);
    expect(await fields({ ...ok2, slots: [{ level: 1, exp: 50 }, { level: 2, exp: 10 }] })).toEqual(['/slots/1/exp']);
    const created = ok<Pass>(await h.svc('POST', `${B}/battle-pass`, ok2), 201);
    const badPart = await h.svc('PUT', `${B}/battle-pass/${created.id}/slots`, { slots: [{ level: 1, exp: 0 }, { level: 3, exp: 5 }] });
    expect(badPart.statusCode).toBe(400);
    const part = ok<{ slots: unknown[] }>(await h.svc('PUT', `${B}/battle-pass/${created.slugName}/slots`, { slots: slots() }));
    expect(part.slots).toHaveLength(3);
    expect(ok<{ slots: unknown[] }>(await h.svc('GET', `${B}/battle-pass/${created.id}/slots`)).slots).toEqual(slots());
  });

  it('moves Pending → Active → Suspended → Active by publish and revoke, and refuses the rest', async () => {
    const p = await pass({ publish: false });
    const act = async (verb: string) => h.svc('POST', `${B}/battle-pass/${p.id}/${verb}`);
    expect(refusal(await act('revoke'))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(ok<Pass>(await act('publish')).status).toBe('Active');
    expect(refusal(await act('publish')).status).toBe(409);
    expect(ok<Pass>(await act('revoke')).status).toBe('Suspended');
    expect(refusal(await act('revoke')).status).toBe(409);
    expect(ok<Pass>(await act('publish')).status).toBe('Active');
  });

  it('expires a pass when its end passes, by the clock', async () => {
    const p = await pass({ days: 2 });
    const end = Date.now() + DAY;
    await advanceTimedStates(h.ctx, new Date(end - 1000));
    expect(ok<Pass>(await h.svc('GET', `${B}/battle-pass/${p.id}`)).status).toBe('Active');
    expect(await advanceTimedStates(h.ctx, new Date(end + 1000))).toBeGreaterThanOrEqual(1);
    expect(ok<Pass>(await h.svc('GET', `${B}/battle-pass/${p.id}`)).status).toBe('Expired');
    expect(refusal(await h.svc('POST', `${B}/battle-pass/${p.id}/publish`)).status).toBe(409);
    expect(await historyCount(h, 'passport.battlePasses.expire', p.id)).toBe(1);
  });

  it('names the passes, and keeps another app out', async () => {
    const p = await pass();
    const names = ok<{ names: { id: string; slugName: string; status: string }[] }>(await h.svc('GET', `${B}/battle-pass/names`)).names;
    expect(names.find((n) => n.id === p.id)).toMatchObject({ slugName: p.slugName, status: 'Active' });
    expect(ok<{ names: { id: string }[] }>(await asOther(h, 'GET', `${B}/battle-pass/names`)).names.map((n) => n.id)).not.toContain(p.id);
    expect((await asOther(h, 'GET', `${B}/battle-pass/${p.id}/slots`)).statusCode).toBe(404);
    expect((await asOther(h, 'POST', `${B}/battle-pass/${p.id}/revoke`)).statusCode).toBe(404);
  });
});

describe('claim rules', () => {
  it('claims a reached level once per track; premium needs the premium track; empty tracks give nothing', async () => {
    const bp = await pass();
    const p = await newPlayer(h);
    expect(ok<Standing>(await exp(p, bp.id, 150))).toMatchObject({ exp: 150, level: 2 });
    const first = ok<{ granted: unknown[] }>(await claim(p, bp.id, 1, 'free'));
    expect(first.granted).toEqual([{ resource: coin, amount: 10 }]);
    expect(refusal(await claim(p, bp.id, 1, 'free'))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(refusal(await claim(p, bp.id, 1, 'premium'))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(refusal(await claim(p, bp.id, 3, 'free')).status).toBe(409);
    expect(refusal(await claim(p, bp.id, 2, 'premium')).status).toBe(409);
    expect((await claim(p, bp.id, 9, 'free')).statusCode).toBe(404);

    ok(await premium(bp.slugName, p.personaId));
    ok(await claim(p, bp.id, 1, 'premium'));
    expect(refusal(await claim(p, bp.id, 2, 'premium')).status).toBe(409);
    expect(refusal(await claim(p, bp.id, 3, 'premium')).status).toBe(409);
    ok(await exp(p, bp.id, 150));
    ok(await claim(p, bp.id, 3, 'premium'));
    ok(await claim(p, bp.id, 2, 'free'));
    expect(await holdings(h, p.personaId)).toEqual({ [coin]: '30', [gem]: '6' });

    const standing = ok<{ battlePasses: Standing[] }>(await h.svc('GET', `${B}/personas/${p.personaId}/battle-pass?battlePass=${bp.slugName}`)).battlePasses[0];
    expect(standing).toMatchObject({ exp: 300, level: 3, premium: true });
    expect(standing.claims.map((c) => `${c.level}${c.track}`)).toEqual(['1free', '1premium', '2free', '3premium']);
  });

  it('grants a level once when claims race', async () => {
    const bp = await pass();
    const p = await newPlayer(h);
    const answers = await Promise.all(Array.from({ length: 4 }, () => claim(p, bp.id, 1, 'free')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await holdings(h, p.personaId)).toEqual({ [coin]: '10' });
  });

  it('refuses experience and claims on a pass that is not running', async () => {
    const p = await newPlayer(h);
    const pending = await pass({ publish: false });
    expect((await exp(p, pending.id, 10)).statusCode).toBe(404);
    const future = await pass({ startsIn: DAY });
    expect(refusal(await exp(p, future.id, 10))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    const suspended = await pass();
    ok(await h.svc('POST', `${B}/battle-pass/${suspended.id}/revoke`));
    expect(refusal(await claim(p, suspended.id, 1, 'free')).status).toBe(409);
    expect(await holdings(h, p.personaId)).toEqual({});
  });

  it("keeps each persona's standing its own, and players of another app out", async () => {
    const bp = await pass();
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    ok(await exp(a, bp.id, 500));
    ok(await premium(bp.id, a.personaId));
    expect(refusal(await claim(b, bp.id, 3, 'premium')).status).toBe(409);
    const bStanding = ok<{ battlePasses: Standing[] }>(await b.call('GET', `${B}/sdk/battle-pass`)).battlePasses.find((x) => x.battlePassId === bp.id);
    expect(bStanding).toMatchObject({ exp: 0, level: 1, premium: false, claims: [] });
    const stranger = await newPlayer(h, { appId: h.otherAppId });
    expect((await exp(stranger, bp.id, 10)).statusCode).toBe(404);
    expect((await asOther(h, 'PUT', `${B}/battle-pass/${bp.id}/personas/${a.personaId}/premium`, { premium: false })).statusCode).toBe(404);
    expect((await asOther(h, 'GET', `${B}/personas/${a.personaId}/battle-pass`)).statusCode).toBe(404);
    expect((await premium(bp.id, 'no-such-persona')).statusCode).toBe(404);
    expect(ok<{ battlePasses: Standing[] }>(await h.svc('GET', `${B}/personas/${a.personaId}/battle-pass?battlePass=${bp.id}`)).battlePasses[0]).toMatchObject({ exp: 500, premium: true });
  });
});
