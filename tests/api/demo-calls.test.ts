/**
 * The demo app's data makes its calls through the behaviour the calls' requests run (`ServiceDecl.demo`): what each
 * kind of demo entry leaves behind is there — the resources' endpoints (billboards published, items added and
 * published), the declared calls made as the first player (her inbox, achievements, pass and quest progress), the
 * guild board's points submitted by the game client's call across a reset, and the entitlements' timed moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONA_ID } from '../../resources/passport/demo-players';
import { modelOf } from '../../server/context';
import { records, type Where } from '../../server/engine/query';
import type { Data } from '../../server/engine/store';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** The demo app's stored record of a passport resource with this field value (read as stored: no timed move made). */
const recordWith = async (resource: string, where: Where) => (await records(h.db, modelOf(h.ctx, 'passport', resource)).first(h.appId, { where }))!;

describe("the demo's calls", () => {
  it("published a billboard now and scheduled one for tomorrow, through the billboards' publish call", async () => {
    expect((await recordWith('billboards', { namespace: 'lobby', priority: 10 })).status).toBe('billboardPublished');
    expect((await recordWith('billboards', { namespace: 'login' })).status).toBe('billboardScheduled');
  });

  it("added the quests' items and published all of one quest's and the first of another's", async () => {
    const daily = await recordWith('quests', { slugName: 'daily-training' });
    expect((daily.items as Data[]).map((i) => [i.name, i.status])).toEqual([
      ['完成 3 场对局', 'published'],
      ['获胜 1 场', 'published'],
    ]);
    expect(daily.status).toBe('questPublished');
    const weekly = await recordWith('quests', { slugName: 'weekly-explorer' });
    expect((weekly.items as Data[]).map((i) => i.status)).toEqual(['published', 'unpublished']);
    expect(weekly.status).toBe('questPartialPublished');
  });

  it('made the first persona read and claim the gift, and progress on achievements, the pass and a quest, as that player', async () => {
    const q = (sql: string, params: unknown[] = []) => h.db.query<Data>(sql, [h.appId, DEMO_PERSONA_ID, ...params]).then((r) => r.rows);
    const gift = await q('SELECT status FROM passport_inbox_messages WHERE app_id = $1 AND persona_id = $2 AND title = $3', ['感谢本周的陪伴']);
    expect(gift).toEqual([{ status: 'Completed' }]);
    const achievement = async (slug: string) => {
      const meta = await recordWith('achievementMeta', { slugName: slug });
      const [row] = await q('SELECT progress::int AS progress, achieved_at IS NOT NULL AS achieved FROM passport_achievement_progress WHERE app_id = $1 AND persona_id = $2 AND achievement_id = $3', [meta.id]);
      return row;
    };
    expect(await achievement('first-blood')).toEqual({ progress: 1, achieved: true });
    expect(await achievement('veteran')).toEqual({ progress: 37, achieved: false });
    const claims = await q('SELECT level, track FROM passport_battle_pass_claims WHERE app_id = $1 AND persona_id = $2 ORDER BY level');
    expect(claims).toEqual([
      { level: 1, track: 'free' },
      { level: 2, track: 'free' },
    ]);
    const daily = await recordWith('quests', { slugName: 'daily-training' });
    const first = (daily.items as Data[])[0].id;
    const progress = await q('SELECT progress::int AS progress FROM passport_quest_progress WHERE app_id = $1 AND persona_id = $2 AND item_id = $3', [first]);
    expect(progress).toEqual([{ progress: 2 }]);
  });

  it("submitted the guilds' points through the game client's call, before and after the board's reset", async () => {
    const board = await recordWith('leaderboards', { slugName: 'guild-war' });
    const scores = await h.db.query<{ version: number; members: number; aurora: string }>(
      `SELECT version, count(*)::int AS members, max(score) FILTER (WHERE member_id = 'guild-aurora')::text AS aurora
       FROM leaderboard_scores WHERE board_id = $1 GROUP BY version ORDER BY version`,
      [board.id],
    );
    // Week one: six guilds, guild-aurora's three wins added up (2400 + 1800 + 1500); week two so far: five guilds, 60 % of its first.
    expect(scores.rows).toEqual([
      { version: 1, members: 6, aurora: '5700' },
      { version: 2, members: 5, aurora: '1440' },
    ]);
    expect(board.currentVersion).toBe(2);
  });

  it('made the entitlements whose time had come move to their states', async () => {
    expect((await recordWith('entitlements', { name: '季度会员' })).status).toBe('Expired');
    expect((await recordWith('entitlements', { name: '资料片：远航' })).status).toBe('Active');
    expect((await recordWith('entitlements', { name: '暑期免广告' })).status).toBe('Pending');
  });

  it("worked out the demo records' derived figures through their resources' derive hooks, as a create does", async () => {
    const fn = (await records(h.db, modelOf(h.ctx, 'func', 'functions')).first(h.appId, { where: { name: 'battle-room' } }))!;
    // The standard level 1000m: one core, 1,536 Mi per core (spec 001), not a trial, a 10-minute allocation TTL.
    expect([fn.level, fn.millicores, fn.memoryMiB, fn.trial, fn.allocationTtlMinutes, fn.clsEnabled]).toEqual(['1000m', 1000, 1536, false, 10, true]);
    // Multiverse's released revision: 0.1 CPU → 100 millicores and ceil(1536 × 0.1) Mi, its env by name, number 1.
    const rev = (await records(h.db, modelOf(h.ctx, 'multiverse', 'profile-revisions')).first(h.appId, { where: { profileId: 'demo-profile' } }))!;
    expect([rev.revision, rev.millicores, rev.memoryMiB, rev.environment, rev.status]).toEqual([1, 100, 154, { GREETING: 'hello' }, 'released']);
  });
});
