import type { Ctx } from '../../../context';
import { notFound } from '../../../engine/errors';
import type { Data } from '../../../engine/store';
import { records, type Where } from '../../../engine/query';
import { iso, passportModel, type PersonaPlayer } from './common';
import { advanceGoal, claimGoal, NO_PROGRESS, personaGoals, type GoalRow, type GoalTable } from './goals';
import { questPeriod, type QuestType } from './periods';
import { itemsOf, type QuestItem } from './quests';

/** Quests players see: those with at least one published item. */
const VISIBLE = ['questPartialPublished', 'questPublished'];

/** The quest goal table: one row per persona, quest item and period, completed and claimed once in it. */
const TABLE: GoalTable = { table: 'passport_quest_progress', keys: ['quest_id', 'item_id', 'period'], reachedAt: 'completed_at', claimedAt: 'claimed_at' };

const itemView = (item: QuestItem, row: GoalRow) => ({
  itemId: item.id,
  name: item.name,
  description: item.description ?? '',
  target: item.target,
  rewards: item.rewards ?? [],
  progress: row.progress,
  completed: !!row.reachedAt,
  claimed: !!row.claimedAt,
  completedAt: iso(row.reachedAt),
  claimedAt: iso(row.claimedAt),
});

/** A quest as one persona sees it at `now`: its published items with this period's progress, and when it resets. */
function questView(quest: Data, rows: Map<string, GoalRow>, now: Date) {
  const period = questPeriod(quest.type as QuestType, now);
  const mine = (item: QuestItem) => rows.get(`${String(quest.id)}/${item.id}/${period.key}`) ?? NO_PROGRESS;
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

/** The quests a persona sees, paged, with this period's progress; optionally of one type or matching a text. */
export async function personaQuests(ctx: Ctx, appId: string, personaId: string, q: { count: number; start: number; type?: QuestType; q?: string }, now = new Date()) {
  const where: Where = { status: { $in: VISIBLE }, type: q.type };
  if (q.q) where.$or = [{ name: { $search: q.q } }, { slugName: { $search: q.q } }];
  const { total, items } = await records(ctx.db, passportModel(ctx, 'quests')).page(appId, { where, orderBy: ['type', 'name'], limit: q.count, offset: q.start });
  const periods = (['daily', 'weekly', 'monthly'] as const).map((t) => questPeriod(t, now).key);
  const progress = await personaGoals(ctx.db, TABLE, appId, personaId, { quest_id: items.map((x) => String(x.id)), period: periods });
  return { total, quests: items.map((x) => questView(x, progress, now)) };
}

/**
 * One persona's goal on a published item of a quest players see (else 404: what players cannot see does not exist
 * for them) in the current period, shown as the item with its progress.
 */
function itemGoal(player: PersonaPlayer, actor: string, quest: Data, itemId: string, action: string, now: Date) {
  const item = itemsOf(quest).find((i) => i.id === itemId && i.status === 'published');
  if (!VISIBLE.includes(String(quest.status)) || !item) throw notFound();
  const period = questPeriod(quest.type as QuestType, now).key;
  const target = `${player.personaId}/${String(quest.id)}/${item.id}`;
  const goal = { player, actor, key: [quest.id, item.id, period], goal: item.target, view: (r: GoalRow) => itemView(item, r), action, target };
  return { item, period, goal };
}

/** Adds to the persona's progress on an item in the current period; reaching the target completes it. */
export async function advanceQuestItem(ctx: Ctx, player: PersonaPlayer, actor: string, quest: Data, itemId: string, increment: number, now = new Date()) {
  const { period, goal } = itemGoal(player, actor, quest, itemId, 'quests.progress', now);
  return { questId: quest.id, period, ...(await advanceGoal(ctx, TABLE, goal, (was) => was + increment, now)) };
}

/** Claims a completed item's rewards in the current period, once per period. */
export async function claimQuestItem(ctx: Ctx, player: PersonaPlayer, actor: string, quest: Data, itemId: string, now = new Date()) {
  const { item, period, goal } = itemGoal(player, actor, quest, itemId, 'quests.claim', now);
  const rewards = item.rewards ?? [];
  const refusals = { already: 'the reward was already claimed in this period', notReached: 'the quest item is not completed in this period' };
  return { questId: quest.id, period, item: await claimGoal(ctx, TABLE, goal, rewards, refusals, now), granted: rewards };
}
