import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { asOther, historyCount, holdings, newPlayer, newResource, ok, refusal, slug } from './passport-liveops-fixtures';
import { passport } from '../../resources/passport';

let h: Harness;
let coin: string;
beforeAll(async () => {
  h = await startHarness();
  coin = await newResource(h);
});
afterAll(() => h.close());

const B = passport.base;
type Progress = { achievementId: string; slugName: string; progress: number; achievementStatus: string; redeemStatus: string };

/** A released achievement (unless told) with a fresh slug. */
async function achievement(extra: Record<string, unknown> = {}, release = true) {
  const a = ok<{ id: string; slugName: string }>(await h.svc('POST', `${B}/achievements/meta`, { name: 'Win games', slugName: slug('win'), goal: 3, rewards: [{ resource: coin, amount: 10 }], ...extra }), 201);
  if (release) ok(await h.svc('POST', `${B}/achievements/meta/${a.id}/release`));
  return a;
}

describe('release and revoke', () => {
  it('releases only an unreleased achievement and revokes only a released one', async () => {
    const a = await achievement({}, false);
    const status = async () => ok<{ status: string }>(await h.svc('GET', `${B}/achievements/meta/${a.slugName}`)).status;
    expect(await status()).toBe('unreleased');
    expect(refusal(await h.svc('POST', `${B}/achievements/meta/${a.id}/revoke`))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    ok(await h.svc('POST', `${B}/achievements/meta/${a.id}/release`));
    expect(await status()).toBe('released');
    expect(refusal(await h.svc('POST', `${B}/achievements/meta/${a.id}/release`))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    ok(await h.svc('POST', `${B}/achievements/meta/${a.id}/revoke`));
    expect(await status()).toBe('unreleased');
  });
});

describe("a player's progress", () => {
  it('adds increments, moves up to a value but never down, stops at the goal and achieves once', async () => {
    const a = await achievement({ goal: 5 });
    const p = await newPlayer(h);
    const move = async (body: object) => ok<Progress>(await p.call('POST', `${B}/sdk/achievements/${a.slugName}/progress`, body));
    expect(await move({ increment: 2 })).toMatchObject({ progress: 2, achievementStatus: 'not_achieved' });
    expect(await move({ progress: 1 })).toMatchObject({ progress: 2 });
    expect(await move({ progress: 4 })).toMatchObject({ progress: 4, achievementStatus: 'not_achieved' });
    const done = await move({ increment: 10 });
    expect(done).toMatchObject({ progress: 5, achievementStatus: 'achieved', redeemStatus: 'not_redeemed' });
    const again = await move({ increment: 1 });
    expect(again).toMatchObject({ progress: 5, achievementStatus: 'achieved' });
    expect((again as unknown as { achievedAt: string }).achievedAt).toBe((done as unknown as { achievedAt: string }).achievedAt);
    for (const bad of [{}, { increment: 0 }, { increment: 1, progress: 2 }, { progress: -1 }, { other: 1 }]) {
      expect((await p.call('POST', `${B}/sdk/achievements/${a.slugName}/progress`, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await historyCount(h, 'passport.achievements.progress', `${p.personaId}/${a.id}`)).toBe(5);
  });

  it('redeems rewards only once the achievement is achieved, and only once', async () => {
    const a = await achievement({ goal: 2 });
    const p = await newPlayer(h);
    const redeem = () => p.call('POST', `${B}/sdk/achievements/${a.id}/redeem`);
    expect(refusal(await redeem())).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    ok(await p.call('POST', `${B}/sdk/achievements/${a.id}/progress`, { increment: 1 }));
    expect(refusal(await redeem()).status).toBe(409);
    ok(await p.call('POST', `${B}/sdk/achievements/${a.id}/progress`, { increment: 1 }));
    const redeemed = ok<{ achievement: Progress; granted: unknown[] }>(await redeem());
    expect(redeemed.achievement.redeemStatus).toBe('redeemed');
    expect(redeemed.granted).toEqual([{ resource: coin, amount: 10 }]);
    expect(await holdings(h, p.personaId)).toEqual({ [coin]: '10' });
    expect(refusal(await redeem())).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    // Concurrent redeems of another achieved achievement grant once.
    const b = await achievement({ goal: 1 });
    ok(await p.call('POST', `${B}/sdk/achievements/${b.id}/progress`, { increment: 1 }));
    const races = await Promise.all(Array.from({ length: 4 }, () => p.call('POST', `${B}/sdk/achievements/${b.id}/redeem`)));
    expect(races.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await holdings(h, p.personaId)).toEqual({ [coin]: '20' });
  });

  it('hides unreleased achievements from players and hidden ones until achieved', async () => {
    const unreleased = await achievement({}, false);
    const hidden = await achievement({ hidden: true, goal: 1 });
    const p = await newPlayer(h);
    expect((await p.call('POST', `${B}/sdk/achievements/${unreleased.id}/progress`, { increment: 1 })).statusCode).toBe(404);
    const listed = async () => ok<{ achievements: Progress[] }>(await p.call('GET', `${B}/sdk/achievements?count=1000`)).achievements.map((x) => x.achievementId);
    expect(await listed()).not.toContain(unreleased.id);
    expect(await listed()).not.toContain(hidden.id);
    ok(await p.call('POST', `${B}/sdk/achievements/${hidden.id}/progress`, { increment: 1 }));
    expect(await listed()).toContain(hidden.id);
  });

  it("lists a persona's achievements by their states, and keeps players to their own persona", async () => {
    const a = await achievement({ goal: 1 });
    const b = await achievement({ goal: 1 });
    const [p, q] = [await newPlayer(h), await newPlayer(h)];
    ok(await p.call('POST', `${B}/sdk/achievements/${a.id}/progress`, { increment: 1 }));
    ok(await p.call('POST', `${B}/sdk/achievements/${b.id}/progress`, { increment: 1 }));
    ok(await p.call('POST', `${B}/sdk/achievements/${a.id}/redeem`));
    const ids = async (state: string, personaId = p.personaId) =>
      ok<{ achievements: Progress[] }>(await h.svc('GET', `${B}/personas/${personaId}/achievements?count=1000&state=${state}`)).achievements.map((x) => x.achievementId);
    expect(await ids('achieved')).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await ids('redeemed')).toEqual([a.id]);
    expect(await ids('not_redeemed')).toContain(b.id);
    expect(await ids('not_redeemed')).not.toContain(a.id);
    expect(await ids('not_achieved')).not.toContain(a.id);
    // The other persona's standing is its own: nothing achieved, and it cannot redeem p's achievement.
    expect(await ids('achieved', q.personaId)).toEqual([]);
    expect(refusal(await q.call('POST', `${B}/sdk/achievements/${b.id}/redeem`)).status).toBe(409);
    expect(await ids('not_redeemed')).toContain(b.id);
    expect((await h.svc('GET', `${B}/personas/no-such-persona/achievements`)).statusCode).toBe(404);
    expect((await asOther(h, 'GET', `${B}/personas/${p.personaId}/achievements`)).statusCode).toBe(404);
  });
});

describe('categories, series and import', () => {
  it('lists the categories and series in use with their counts', async () => {
    const category = slug('cat');
    await achievement({ category, series: 'ladder' });
    await achievement({ category, series: 'ladder' });
    const categories = ok<{ categories: { name: string; count: number }[] }>(await h.svc('GET', `${B}/achievements/categories`)).categories;
    expect(categories.find((c) => c.name === category)).toEqual({ name: category, count: 2 });
    const series = ok<{ series: { name: string; count: number }[] }>(await h.svc('GET', `${B}/achievements/series`)).series;
    expect(series.find((s) => s.name === 'ladder')?.count).toBeGreaterThanOrEqual(2);
    expect(ok<{ categories: { name: string }[] }>(await asOther(h, 'GET', `${B}/achievements/categories`)).categories.map((c) => c.name)).not.toContain(category);
  });

  it('imports good rows and reports bad ones (schema, taken slug, repeated slug) without storing them', async () => {
    const taken = (await achievement()).slugName;
    const [one, two] = [slug('imp'), slug('imp')];
    const csv = [
      'name,slugName,goal,category,rewards',
      `Alpha,${one},3,imported,"[{""resource"":""${coin}"",""amount"":1}]"`,
      `Beta,${taken},1,imported,`,
      `Gamma,not a slug,1,imported,`,
      `Delta,${two},0,imported,`,
      `Epsilon,${two},2,imported,`,
      `Zeta,${one},2,imported,`,
    ].join('\n');
    const report = ok<{ total: number; imported: number; failed: { row: number; errors: { field: string; message: string }[] }[] }>(
      await h.svc('POST', `${B}/achievements/meta/import`, { format: 'csv', content: csv }),
    );
    expect(report.total).toBe(6);
    expect(report.imported).toBe(2);
    expect(report.failed.map((f) => [f.row, f.errors[0].field])).toEqual([
      [2, '/slugName'],
      [3, '/slugName'],
      [4, '/goal'],
      [6, '/slugName'],
    ]);
    const stored = ok<{ achievementMeta: { slugName: string; status: string; rewards: unknown[] }[] }>(
      await h.svc('POST', `${B}/achievements/meta/search`, { count: 1000, category: 'imported' }),
    ).achievementMeta;
    expect(stored.map((s) => s.slugName).sort()).toEqual([one, two].sort());
    expect(stored.every((s) => s.status === 'unreleased')).toBe(true);
    expect(stored.find((s) => s.slugName === one)?.rewards).toEqual([{ resource: coin, amount: 1 }]);
    expect((await h.svc('POST', `${B}/achievements/meta/import`, { format: 'json', content: '{"not":"a list"}' })).statusCode).toBe(400);
    expect((await asOther(h, 'POST', `${B}/achievements/meta/search`, { count: 1000, category: 'imported' })).json().total).toBe(0);
  });
});
