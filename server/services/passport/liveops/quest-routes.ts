import type { JsonSchema } from '../../../../resources/types';
import type { Ctx } from '../../../context';
import { idParam, listAnswer, ok, pageProperties, pageQuery, type Api } from '../../../engine/api';
import { fieldsBody, playerCall, serviceCall } from './calls';
import { findRecord, passportModel, requirePersona } from './common';
import type { QuestType } from './periods';
import { advanceQuestItem, claimQuestItem, personaQuests } from './quest-progress';
import { changeItems, createOrUpdateQuest, itemInputSchema, itemsOf, removeItem, setAllItems, setItemStatus, upsertItem, type QuestItem } from './quests';

const questAnswer = ok('the quest, with its items and the status they give it');
const typeFilter = { type: { type: 'string', enum: ['daily', 'weekly', 'monthly'] } } as const;
type QuestPage = { count: number; start: number; type?: QuestType; q?: string };

function mountQuestDefinitions(api: Api, ctx: Ctx): void {
  const m = passportModel(ctx, 'quests');
  const upsertBody: JsonSchema = {
    ...m.createSchema,
    properties: {
      ...(m.createSchema.properties as Record<string, JsonSchema>),
      id: { ...idParam, description: 'The quest to update; without it the quest with this slugName is updated, or a new one created.' },
      version: { type: 'integer', minimum: 1, maximum: 2147483647, description: 'The version read; a stale one is refused.' },
    },
  };
  serviceCall(api, ctx, {
    method: 'POST',
    path: '/quests/create-or-update',
    summary: 'Create a quest, or update the one with this id or slugName (its items and status are kept)',
    body: upsertBody,
    answer: questAnswer,
    more: { 201: questAnswer },
    errors: [400, 401, 403, 404, 409],
  }, async ({ appId, actor }, _, body, reply) => {
    const { created, quest } = await createOrUpdateQuest(ctx, appId, actor, body);
    reply.code(created ? 201 : 200);
    return quest;
  });
  serviceCall(api, ctx, {
    method: 'GET',
    path: '/quests/:id/items',
    summary: "A quest's items",
    answer: listAnswer('items'),
    errors: [401, 403, 404],
  }, async ({ appId }, { id }) => {
    const items = itemsOf(await findRecord(ctx, 'quests', appId, id));
    return { total: items.length, items };
  });
  serviceCall(api, ctx, {
    method: 'POST',
    path: '/quests/:id/items',
    summary: 'Add an item to a quest (unpublished), or replace the fields of the item with this id',
    body: itemInputSchema,
    answer: questAnswer,
    errors: [400, 401, 403, 404, 409],
  }, ({ appId, actor }, { id }, input: Omit<QuestItem, 'status' | 'id'> & { id?: string }) =>
    changeItems(ctx, appId, actor, id, input.id ? 'items.update' : 'items.add', upsertItem(input)));
  serviceCall(api, ctx, {
    method: 'DELETE',
    path: '/quests/:id/items/:itemId',
    summary: 'Remove an unpublished item from a quest',
    answer: questAnswer,
    errors: [401, 403, 404, 409],
  }, ({ appId, actor }, { id, itemId }) => changeItems(ctx, appId, actor, id, 'items.delete', removeItem(itemId)));
  for (const [verb, status] of [['publish', 'published'], ['revoke', 'unpublished']] as const) {
    const Verb = verb === 'publish' ? 'Publish' : 'Revoke';
    serviceCall(api, ctx, {
      method: 'POST',
      path: `/quests/:id/items/:itemId/${verb}`,
      summary: `${Verb} one item of a quest (the quest's status follows)`,
      answer: questAnswer,
      errors: [401, 403, 404, 409],
    }, ({ appId, actor }, { id, itemId }) => changeItems(ctx, appId, actor, id, `items.${verb}`, setItemStatus(itemId, status)));
    serviceCall(api, ctx, {
      method: 'POST',
      path: `/quests/:id/${verb}`,
      summary: verb === 'publish' ? 'Publish every item of a quest (questPublished)' : 'Revoke every item of a quest (questPending)',
      answer: questAnswer,
      errors: [401, 403, 404, 409],
    }, ({ appId, actor }, { id }) => changeItems(ctx, appId, actor, id, verb, setAllItems(status)));
  }
}

function mountQuestProgress(api: Api, ctx: Ctx): void {
  const search = { type: 'object', additionalProperties: false, properties: { ...pageProperties(), ...typeFilter, q: { type: 'string', maxLength: 200 } } };
  for (const [method, path, summary] of [
    ['GET', '/personas/:id/quests', "A persona's quests with this period's progress on each published item"],
    ['POST', '/personas/:id/quests/search', "Search a persona's quests (by type or text) with this period's progress"],
  ] as const) {
    const read = method === 'GET' ? { query: pageQuery(typeFilter) } : { optionalBody: search };
    const def = { method, path, summary, ...read, answer: listAnswer('quests'), errors: [400, 401, 403, 404] };
    serviceCall(api, ctx, def, async ({ appId }, { id }, q: Partial<QuestPage>) => {
      await requirePersona(ctx, appId, id);
      return personaQuests(ctx, appId, id, { count: 50, start: 0, ...q });
    });
  }
  playerCall(api, ctx, {
    method: 'GET',
    path: '/quests',
    summary: "The player's quests with this period's progress and when each resets",
    query: pageQuery(typeFilter),
    answer: listAnswer('quests'),
    errors: [400, 401, 409],
  }, (player, _, q: QuestPage) => personaQuests(ctx, player.appId, player.personaId, q));
  playerCall(api, ctx, {
    method: 'POST',
    path: '/quests/:id/items/:itemId/progress',
    summary: "Add to the player's progress on a quest item in the current period",
    body: fieldsBody({ increment: { type: 'integer', minimum: 1, maximum: 1_000_000_000 } }),
    answer: ok("the item with the player's progress"),
    errors: [400, 401, 404, 409],
  }, (player, { id, itemId }, body: { increment: number }) => advanceQuestItem(ctx, player, player.actor, id, itemId, body.increment));
  playerCall(api, ctx, {
    method: 'POST',
    path: '/quests/:id/items/:itemId/claim',
    summary: "Claim a completed quest item's rewards into the persona's inventory (once per period)",
    answer: ok('the item and what was granted'),
    errors: [401, 404, 409],
  }, (player, { id, itemId }) => claimQuestItem(ctx, player, player.actor, id, itemId));
}

export function mountQuests(api: Api, ctx: Ctx): void {
  mountQuestDefinitions(api, ctx);
  mountQuestProgress(api, ctx);
}
