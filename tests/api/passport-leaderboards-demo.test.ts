/**
 * The demo data's season ladder can be tried at once: a few hundred demo players with scores, ranked best first
 * with their names, in percent tiers, and the console can submit a test score for a player.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LADDER_PLAYERS } from '../../server/services/passport/leaderboards/seed';
import { fillCommandPath } from '../../resources/command-call';
import { passport } from '../../resources/passport';
import { submitScoreCommand } from '../../resources/passport/leaderboards';
import { compileSchema } from '../../server/engine/ajv';
import { LB } from './passport-leaderboards-fixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Row = { memberId: string; memberName?: string; score: number; rank: number; tier: string | null };

describe('the demo season ladder', () => {
  it('ranks a few hundred named demo players, best first, in the tiers its percent rules give', async () => {
    expect(LADDER_PLAYERS).toBeGreaterThanOrEqual(200);
    const first = (await h.svc('GET', `${LB}/season-ladder/scores?count=1000`)).json();
    expect(first.total).toBe(LADDER_PLAYERS);
    const rows = first.scores as Row[];
    expect(rows).toHaveLength(LADDER_PLAYERS);
    for (let i = 1; i < rows.length; i++) expect(rows[i].score).toBeLessThanOrEqual(rows[i - 1].score);
    expect(rows.every((r) => /^天梯玩家\d{3}$/.test(r.memberName ?? ''))).toBe(true);
    // 传奇 top 1 %, 大师 top 10 %, 精英 top 30 % of the ranked players (the demo board's tiers).
    const count = (tier: string) => rows.filter((r) => r.tier === tier).length;
    expect(count('传奇')).toBe(Math.floor(LADDER_PLAYERS * 0.01));
    expect(count('传奇') + count('大师')).toBe(Math.floor(LADDER_PLAYERS * 0.1));
    expect(count('传奇') + count('大师') + count('精英')).toBe(Math.floor(LADDER_PLAYERS * 0.3));
    expect(rows.at(-1)?.tier).toBeNull();
    // Each is a user of the app.
    const user = await h.svc('GET', `${passport.base}/users/${rows[0].memberId}`);
    expect(user.statusCode).toBe(200);
    expect(user.json().name).toBe(rows[0].memberName);
  });

  it("takes a test score through the board's declared command, as the console sends it, and ranks the player", async () => {
    const ladder = (await h.svc('GET', `${LB}/season-ladder`)).json();
    expect(passport.resources.find((r) => r.name === 'leaderboards')?.commands).toContainEqual(submitScoreCommand);
    const before = (await h.svc('GET', `${LB}/${ladder.id}/scores?count=1000`)).json().scores as Row[];
    const last = before.at(-1)!;
    const best = before[0].score;
    const { path, rest } = fillCommandPath(submitScoreCommand.path, { memberId: last.memberId, score: best + 1 });
    expect(path).toBe(`/members/${last.memberId}/scores`);
    const res = await h.svc(submitScoreCommand.method, `${LB}/${ladder.id}${path}`, rest);
    expect(res.statusCode, res.body).toBe(200);
    expect(compileSchema(submitScoreCommand.answer!)(res.json())).toBe(true);
    expect(res.json()).toMatchObject({ memberId: last.memberId, rank: 1, score: best + 1, tier: '传奇' });
    // The member is in the path, not the body; a score is required; a player must be one of the app's.
    expect((await h.svc('POST', `${LB}/${ladder.id}${path}`, { memberId: last.memberId, score: 1 })).statusCode).toBe(400);
    expect((await h.svc('POST', `${LB}/${ladder.id}${path}`, {})).statusCode).toBe(400);
    const nobody = fillCommandPath(submitScoreCommand.path, { memberId: 'nobody-here', score: 5 });
    expect((await h.svc('POST', `${LB}/${ladder.id}${nobody.path}`, nobody.rest)).statusCode).toBe(404);
  });
});
