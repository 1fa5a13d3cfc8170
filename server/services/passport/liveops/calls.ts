import type { AchievementState } from '../../../../resources/passport/liveops-calls';
import type { Ctx } from '../../../context';
import type { Data } from '../../../engine/store';
import { createOrUpdate } from '../../../engine/create-or-update';
import type { CallHandler, CallHandlers, CallInput } from '../../../engine/declared-calls';
import { personaOf } from '../players/principal';
import { advanceAchievement, personaAchievements, redeemAchievement } from './achievements';
import { addPassExp, claimPassLevel, personaPasses, setPremium, type Track } from './battle-pass';
import { liveBillboards, publishBillboard } from './billboards';
import { liveopsAudit, passportModel } from './common';
import { claimMessage, listMessages, listRecords, readMessage, recallRecord, sendMessage, type MessagePage, type SendInput } from './inbox';
import type { QuestType } from './periods';
import { advanceQuestItem, claimQuestItem, personaQuests } from './quest-progress';
import { changeItems, itemsOf, removeItem, setAllItems, setItemStatus, upsertItem, type ItemChange, type ItemInput } from './quests';

type Page = { count: number; start: number };

/** The record a call declared on one (`CallDecl.record`) names: the engine found it, or answered 404. */
const recordIn = (call: CallInput): Data => call.record ?? {};
type QuestPage = Page & { type?: QuestType; q?: string };

/**
 * The behaviour of live-ops' calls declared in `resources/passport/liveops-calls.ts`, `quest-items.ts` and
 * `inbox-send.ts`: each reads the call's app, caller, path and checked input, and hands them to the area's rules.
 */
export const liveopsHandlers = (ctx: Ctx): CallHandlers => {
  /** A change of the items of the quest the path names, written to the history as `quests.<action>`. */
  const items = (action: string, change: (call: CallInput) => ItemChange): CallHandler => (call) =>
    changeItems(ctx, call.scopeId, call.actor, recordIn(call), action, change(call));
  /** A persona's quests, for the console and the game server; the search's body may leave out its paging. */
  const personaQuestList: CallHandler = ({ scopeId, params, input }) =>
    personaQuests(ctx, scopeId, params.id, { count: 50, start: 0, ...(input as Partial<QuestPage>) });
  return {
    'battlePass.personaStanding': ({ scopeId, params, input }) =>
      personaPasses(ctx, scopeId, params.id, { pass: input.battlePass as string | undefined }),
    'battlePass.setPremium': (call) => setPremium(ctx, call.scopeId, call.actor, recordIn(call), call.params.personaId, call.input.premium as boolean),
    'battlePass.playerPasses': (call) => personaPasses(ctx, call.scopeId, personaOf(call).personaId, { onlyActive: true }),
    'battlePass.addExp': (call) => addPassExp(ctx, personaOf(call), call.actor, recordIn(call), call.input.exp as number),
    'battlePass.claim': (call) =>
      claimPassLevel(ctx, personaOf(call), call.actor, recordIn(call), call.input.level as number, call.input.track as Track),

    'achievements.personaProgress': ({ scopeId, params, input }) =>
      personaAchievements(ctx, scopeId, params.id, input as Page & { state?: AchievementState }),
    'achievements.playerList': (call) =>
      personaAchievements(ctx, call.scopeId, personaOf(call).personaId, { ...(call.input as Page), asPlayer: true }),
    'achievements.progress': (call) => advanceAchievement(ctx, personaOf(call), call.actor, call.params.id, call.input),
    'achievements.redeem': (call) => redeemAchievement(ctx, personaOf(call), call.actor, call.params.id),

    'billboards.publish': (call) => publishBillboard(ctx, call.scopeId, call.actor, recordIn(call), call.input),
    'billboards.live': ({ scopeId, input }) => liveBillboards(ctx, scopeId, input.namespace as string | undefined),

    'quests.createOrUpdate': async ({ scopeId, actor, input, reply }) => {
      const { before, after } = await createOrUpdate(ctx, passportModel(ctx, 'quests'), scopeId, input);
      await liveopsAudit(ctx.db, actor, scopeId, before ? 'quests.update' : 'quests.create', String(after.id), before, after);
      reply.code(before ? 200 : 201);
      return after;
    },
    'quests.items': async (call) => ({ total: itemsOf(recordIn(call)).length, items: itemsOf(recordIn(call)) }),
    'quests.upsertItem': (call) =>
      changeItems(ctx, call.scopeId, call.actor, recordIn(call), call.input.id ? 'items.update' : 'items.add', upsertItem(call.input as ItemInput)),
    'quests.deleteItem': items('items.delete', ({ params }) => removeItem(params.itemId)),
    'quests.publishItem': items('items.publish', ({ params }) => setItemStatus(params.itemId, 'published')),
    'quests.revokeItem': items('items.revoke', ({ params }) => setItemStatus(params.itemId, 'unpublished')),
    'quests.publish': items('publish', () => setAllItems('published')),
    'quests.revoke': items('revoke', () => setAllItems('unpublished')),
    'quests.personaQuests': personaQuestList,
    'quests.personaSearch': personaQuestList,
    'quests.playerList': (call) => personaQuests(ctx, call.scopeId, personaOf(call).personaId, call.input as QuestPage),
    'quests.progress': (call) =>
      advanceQuestItem(ctx, personaOf(call), call.actor, recordIn(call), call.params.itemId, call.input.increment as number),
    'quests.claim': (call) => claimQuestItem(ctx, personaOf(call), call.actor, recordIn(call), call.params.itemId),

    'inbox.send': ({ scopeId, actor, input }) => sendMessage(ctx, scopeId, actor, input as SendInput),
    'inbox.sendTemplate': ({ scopeId, actor, record, input }) =>
      sendMessage(ctx, scopeId, actor, { template: String(record?.id), target: (input as Pick<SendInput, 'target'>).target }),
    'inbox.messages': ({ scopeId, input }) => listMessages(ctx, scopeId, input as MessagePage),
    'inbox.records': ({ scopeId, input }) => listRecords(ctx, scopeId, input as MessagePage),
    'inbox.recall': ({ scopeId, actor, params }) => recallRecord(ctx, scopeId, actor, params.id),
    'inbox.playerInbox': (call) => listMessages(ctx, call.scopeId, { ...(call.input as MessagePage), personaId: personaOf(call).personaId }),
    'inbox.read': (call) => readMessage(ctx, call.scopeId, personaOf(call).personaId, call.actor, call.params.id),
    'inbox.claim': (call) => claimMessage(ctx, call.scopeId, personaOf(call).personaId, call.actor, call.params.id),
  };
};
