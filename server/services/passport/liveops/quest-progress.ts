import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { notFound } from '../../../engine/errors';
import type { Data } from '../../../engine/store';
import { records, type Where } from '../../../engine/query';
import { findRecord, iso, liveopsAudit, passportModel, refused, type PersonaPlayer } from './common';
import { grantRewards } from './grants';
import { questPeriod, type QuestType } from './periods';
import { itemsOf, type QuestItem } from './quests';

/** Quests players see: those with at least one published item. */
const VISIBLE = ['questPartialPublished', 'questPublished'];

interface ProgressRow {
  quest_id: string;
  item_id: string;
  period: string;
  progress: string | number;
  completed_at: Date | null;
  claimed_at: Date | null;
}

const itemView = (item: QuestItem, row: ProgressRow | undefined) => ({
  itemId: item.id,
  name: item.name,
  description: item.description ?? '',
  target: item.target,
  rewards: item.rewards ?? [],
  progress: Number(row?.progress ?? 0),
  completed: !!row?.completed_at,
  claimed: !!row?.claimed_at,
  completedAt: iso(row?.completed_at),
  claimedAt: iso(row?.claimed_at),
});

/** A quest as one persona sees it at `now`: its published items with this period's progress, and when it resets. */
function questView(quest: Data, rows: ProgressRow[], now: Date) {
  const period = questPeriod(quest.type as QuestType, now);
  const mine = (item: QuestItem) => rows.find((r) => r.quest_id === quest.id && r.item_id === item.id && r.period === period.key);
  return {
    questId: quest.id,
    name: quest.name,
    slugName: quest.slugName,
    description: quest.description ?? '',
    type: quest.type,
    layout: quest.layout ?? 'Basic',
    status: quest.status,
    period: period.key,
    resetsAt: period.end.toISOString(),
    items: itemsOf(quest)
      .filter((i) => i.status === 'published')
      .map((i) => itemView(i, mine(i))),
  };
}

/** The current period keys of every quest type at `now`. */
const currentPeriods = (now: Date) => (['daily', 'weekly', 'monthly'] as const).map((t) => questPeriod(t, now).key);

async function progressRows(db: Queryable, appId: string, personaId: string, questIds: string[], now: Date): Promise<ProgressRow[]> {
  const res = await db.query<ProgressRow>(
    `SELECT quest_id, item_id, period, progress, completed_at, claimed_at FROM passport_quest_progress
     WHERE app_id = $1 AND persona_id = $2 AND quest_id = ANY($3::text[]) AND period = ANY($4::text[])`,
    [appId, personaId, questIds, currentPeriods(now)],
  );
  return res.rows;
}

/** The quests a persona sees, paged, with this period's progress; optionally of one type or matching a text. */
export async function personaQuests(ctx: Ctx, appId: string, personaId: string, q: { count: number; start: number; type?: QuestType; q?: string }, now = new Date()) {
  const where: Where = { status: { $in: VISIBLE }, type: q.type };
  if (q.q) where.$or = [{ name: { $search: q.q } }, { slugName: { $search: q.q } }];
  const { total, items } = await records(ctx.db, passportModel(ctx, 'quests')).page(appId, { where, orderBy: ['type', 'name'], limit: q.count, offset: q.start });
  const progress = await progressRows(ctx.db, appId, personaId, items.map((x) => String(x.id)), now);
  return { total, quests: items.map((x) => questView(x, progress, now)) };
}

/** A published item of a quest players see, or 404 (what players cannot see does not exist for them). */
async function publishedItem(ctx: Ctx, appId: string, questKey: string, itemId: string): Promise<{ quest: Data; item: QuestItem }> {
  const quest = await findRecord(ctx, 'quests', appId, questKey);
  const item = itemsOf(quest).find((i) => i.id === itemId && i.status === 'published');
  if (!VISIBLE.includes(String(quest.status)) || !item) throw notFound();
  return { quest, item };
}

async function itemRow(db: Queryable, key: unknown[], lock = false): Promise<ProgressRow | undefined> {
  const res = await db.query<ProgressRow>(
    `SELECT quest_id, item_id, period, progress, completed_at, claimed_at FROM passport_quest_progress
     WHERE app_id = $1 AND persona_id = $2 AND quest_id = $3 AND item_id = $4 AND period = $5${lock ? ' FOR UPDATE' : ''}`,
    key,
  );
  return res.rows[0];
}

/** Adds to the persona's progress on an item in the current period; reaching the target completes it. */
export async function advanceQuestItem(ctx: Ctx, player: PersonaPlayer, actor: string, questKey: string, itemId: string, increment: number, now = new Date()) {
  const { quest, item } = await publishedItem(ctx, player.appId, questKey, itemId);
  const period = questPeriod(quest.type as QuestType, now).key;
  const key = [player.appId, player.personaId, quest.id, item.id, period];
  return ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO passport_quest_progress (app_id, persona_id, quest_id, item_id, period, updated_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [...key, now.toISOString()],
    );
    const before = await itemRow(tx, key, true);
    const next = Math.min(item.target, Number(before?.progress ?? 0) + increment);
    await tx.query(
      `UPDATE passport_quest_progress SET progress = $6, updated_at = $8,
         completed_at = coalesce(completed_at, CASE WHEN $6::bigint >= $7::bigint THEN $8::timestamptz END)
       WHERE app_id = $1 AND persona_id = $2 AND quest_id = $3 AND item_id = $4 AND period = $5`,
      [...key, next, item.target, now.toISOString()],
    );
    const after = itemView(item, await itemRow(tx, key));
    await liveopsAudit(tx, actor, player.appId, 'quests.progress', `${player.personaId}/${String(quest.id)}/${item.id}`, itemView(item, before), after);
    return { questId: quest.id, period, ...after };
  });
}

/** Claims a completed item's rewards in the current period, once per period. */
export async function claimQuestItem(ctx: Ctx, player: PersonaPlayer, actor: string, questKey: string, itemId: string, now = new Date()) {
  const { quest, item } = await publishedItem(ctx, player.appId, questKey, itemId);
  const period = questPeriod(quest.type as QuestType, now).key;
  const key = [player.appId, player.personaId, quest.id, item.id, period];
  return ctx.db.transaction(async (tx) => {
    const done = await tx.query(
      `UPDATE passport_quest_progress SET claimed_at = $6, updated_at = $6
       WHERE app_id = $1 AND persona_id = $2 AND quest_id = $3 AND item_id = $4 AND period = $5
         AND completed_at IS NOT NULL AND claimed_at IS NULL RETURNING item_id`,
      [...key, now.toISOString()],
    );
    if (done.rows.length === 0) {
      const row = await itemRow(tx, key);
      throw refused(row?.claimed_at ? 'the reward was already claimed in this period' : 'the quest item is not completed in this period');
    }
    const rewards = item.rewards ?? [];
    await grantRewards(tx, ctx, player.appId, player.personaId, rewards);
    const after = itemView(item, await itemRow(tx, key));
    await liveopsAudit(tx, actor, player.appId, 'quests.claim', `${player.personaId}/${String(quest.id)}/${item.id}`, undefined, after);
    return { questId: quest.id, period, item: after, granted: rewards };
  });
}
