import type { DemoRun, DemoSteps } from '../../../engine/demo-seed';
import type { Data } from '../../../engine/store';
import { advanceAchievement } from './achievements';
import { addPassExp, claimPassLevel, type Track } from './battle-pass';
import { publishBillboard } from './billboards';
import { findRecord, passportModel, type PersonaPlayer } from './common';
import { claimMessage, readMessage, sendMessage, type SendInput } from './inbox';
import { advanceQuestItem } from './quest-progress';
import { changeItems, setAllItems, setItemStatus, upsertItem, type QuestItem } from './quests';

/** A demo persona as the player whose calls the demo makes. */
async function playerOf({ ctx, appId }: DemoRun, personaId: unknown): Promise<PersonaPlayer> {
  const persona = await ctx.store.get(passportModel(ctx, 'personas'), appId, String(personaId));
  return { appId, userId: String(persona.userId), personaId: String(persona.id) };
}

/** The id of a quest's n-th item. */
async function itemOf({ ctx, appId }: DemoRun, quest: unknown, n: unknown): Promise<string> {
  return String(((await findRecord(ctx, 'quests', appId, String(quest))).items as QuestItem[])[Number(n)].id);
}

/** A persona's copy of a message sent to many. */
async function copyOf({ ctx, appId }: DemoRun, message: unknown, personaId: string): Promise<string> {
  const copy = await ctx.db.query<{ id: string }>(
    'SELECT id FROM passport_inbox_messages WHERE app_id = $1 AND record_id = $2 AND persona_id = $3',
    [appId, message, personaId],
  );
  return copy.rows[0].id;
}

const slugOf = (record: unknown) => String((record as Data).slugName);

/** The live-ops area's behaviour that its demo data (`resources/passport/demo-liveops.ts`) runs. */
export const liveopsDemoSteps: DemoSteps = {
  'billboards.publish': ({ ctx, appId, actor, now }, { record, publishAt }: Data) => {
    const body = publishAt ? { publishAt: String(publishAt) } : {};
    return publishBillboard(ctx, appId, actor, String((record as Data).id), body, now);
  },
  'quests.addItem': ({ ctx, appId, actor }, { record, ...item }: Data) =>
    changeItems(ctx, appId, actor, slugOf(record), 'items.add', upsertItem(item as Parameters<typeof upsertItem>[0])),
  'quests.publish': ({ ctx, appId, actor }, { record }: Data) =>
    changeItems(ctx, appId, actor, slugOf(record), 'publish', setAllItems('published')),
  questItemPublish: async (run, { quest, item }: Data) => {
    const publish = setItemStatus(await itemOf(run, quest, item), 'published');
    return changeItems(run.ctx, run.appId, run.actor, String(quest), 'items.publish', publish);
  },
  'inboxTemplates.send': ({ ctx, appId, actor }, { record, target }: Data) =>
    sendMessage(ctx, appId, actor, { template: slugOf(record), target } as SendInput),
  inboxMessage: ({ ctx, appId, actor }, { title, content, target }: Data) =>
    sendMessage(ctx, appId, actor, { title, content, target } as SendInput),
  inboxRead: async (run, { message, persona }: Data) => {
    const { personaId } = await playerOf(run, persona);
    return readMessage(run.ctx, run.appId, personaId, run.actor, await copyOf(run, message, personaId));
  },
  inboxClaim: async (run, { message, persona }: Data) => {
    const { personaId } = await playerOf(run, persona);
    return claimMessage(run.ctx, run.appId, personaId, run.actor, await copyOf(run, message, personaId));
  },
  achievementProgress: async (run, { persona, achievement, increment, progress }: Data) => {
    const change = { increment, progress } as { increment?: number; progress?: number };
    return advanceAchievement(run.ctx, await playerOf(run, persona), run.actor, String(achievement), change);
  },
  passExp: async (run, { persona, pass, exp }: Data) =>
    addPassExp(run.ctx, await playerOf(run, persona), run.actor, String(pass), Number(exp), run.now),
  passClaim: async (run, { persona, pass, level, track }: Data) => {
    const player = await playerOf(run, persona);
    return claimPassLevel(run.ctx, player, run.actor, String(pass), Number(level), track as Track, run.now);
  },
  questProgress: async (run, { persona, quest, item, increment }: Data) => {
    const player = await playerOf(run, persona);
    const itemId = await itemOf(run, quest, item);
    return advanceQuestItem(run.ctx, player, run.actor, String(quest), itemId, Number(increment), run.now);
  },
};
