import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../../resources/types';
import type { Ctx } from '../../../context';
import { errorResponses, idParam, paramsSchema, type Api } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import { findRecord, listAnswer, pageProperties, pageQuery, passportModel, playerActor, requirePersona, requirePersonaPlayer, TAG } from './common';
import type { QuestType } from './periods';
import { advanceQuestItem, claimQuestItem, personaQuests } from './quest-progress';
import { changeItems, createOrUpdateQuest, itemInputSchema, itemsOf, removeItem, setAllItems, setItemStatus, upsertItem, type QuestItem } from './quests';
import { BASE, SDK } from '../base';

const questAnswer = { description: 'the quest, with its items and the status they give it', schema: { type: 'object' } };
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
  api.route({
    method: 'POST',
    url: `${BASE}/quests/create-or-update`,
    summary: 'Create a quest, or update the one with this id or slugName (its items and status are kept)',
    tag: TAG,
    auth: 'service',
    body: upsertBody,
    responses: { 200: questAnswer, 201: questAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    handler: async (req, reply) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      const { created, quest } = await createOrUpdateQuest(ctx, scopeId, principal.actor, req.body as Record<string, unknown>);
      reply.code(created ? 201 : 200);
      return quest;
    },
  });

  api.route({
    method: 'GET',
    url: `${BASE}/quests/:id/items`,
    summary: "A quest's items",
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    responses: { 200: listAnswer('items'), ...errorResponses(401, 403, 404) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, 'passport');
      const items = itemsOf(await findRecord(ctx, 'quests', scopeId, (req.params as { id: string }).id));
      return { total: items.length, items };
    },
  });
  api.route({
    method: 'POST',
    url: `${BASE}/quests/:id/items`,
    summary: 'Add an item to a quest (unpublished), or replace the fields of the item with this id',
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    body: itemInputSchema,
    responses: { 200: questAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      const input = req.body as Omit<QuestItem, 'status' | 'id'> & { id?: string };
      return changeItems(ctx, scopeId, principal.actor, (req.params as { id: string }).id, input.id ? 'items.update' : 'items.add', upsertItem(input));
    },
  });
  api.route({
    method: 'DELETE',
    url: `${BASE}/quests/:id/items/:itemId`,
    summary: 'Remove an unpublished item from a quest',
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id', 'itemId'),
    responses: { 200: questAnswer, ...errorResponses(401, 403, 404, 409) },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      const { id, itemId } = req.params as { id: string; itemId: string };
      return changeItems(ctx, scopeId, principal.actor, id, 'items.delete', removeItem(itemId));
    },
  });
  for (const [verb, status] of [['publish', 'published'], ['revoke', 'unpublished']] as const) {
    api.route({
      method: 'POST',
      url: `${BASE}/quests/:id/items/:itemId/${verb}`,
      summary: `${verb === 'publish' ? 'Publish' : 'Revoke'} one item of a quest (the quest's status follows)`,
      tag: TAG,
      auth: 'service',
      params: paramsSchema('id', 'itemId'),
      responses: { 200: questAnswer, ...errorResponses(401, 403, 404, 409) },
      handler: async (req) => {
        const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
        const { id, itemId } = req.params as { id: string; itemId: string };
        return changeItems(ctx, scopeId, principal.actor, id, `items.${verb}`, setItemStatus(itemId, status));
      },
    });
    api.route({
      method: 'POST',
      url: `${BASE}/quests/:id/${verb}`,
      summary: verb === 'publish' ? 'Publish every item of a quest (questPublished)' : 'Revoke every item of a quest (questPending)',
      tag: TAG,
      auth: 'service',
      params: paramsSchema('id'),
      responses: { 200: questAnswer, ...errorResponses(401, 403, 404, 409) },
      handler: async (req) => {
        const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
        return changeItems(ctx, scopeId, principal.actor, (req.params as { id: string }).id, verb, setAllItems(status));
      },
    });
  }
}

function mountPersonaQuests(api: Api, ctx: Ctx): void {
  const run = async (req: FastifyRequest, q: QuestPage) => {
    const { scopeId } = await authorizeService(ctx, req, 'passport');
    const { id } = req.params as { id: string };
    await requirePersona(ctx, scopeId, id);
    return personaQuests(ctx, scopeId, id, q);
  };
  api.route({
    method: 'GET',
    url: `${BASE}/personas/:id/quests`,
    summary: "A persona's quests with this period's progress on each published item",
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    querystring: pageQuery(typeFilter),
    responses: { 200: listAnswer('quests'), ...errorResponses(400, 401, 403, 404) },
    handler: (req) => run(req, req.query as QuestPage),
  });
  const search = { type: 'object', additionalProperties: false, properties: { ...pageProperties(), ...typeFilter, q: { type: 'string', maxLength: 200 } } };
  api.route({
    method: 'POST',
    url: `${BASE}/personas/:id/quests/search`,
    summary: "Search a persona's quests (by type or text) with this period's progress",
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    optionalBody: search,
    responses: { 200: listAnswer('quests'), ...errorResponses(400, 401, 403, 404) },
    handler: (req) => run(req, { count: 50, start: 0, ...((req.body ?? {}) as Partial<QuestPage>) }),
  });
}

function mountQuestPlayer(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: `${SDK}/quests`,
    summary: "The player's quests with this period's progress and when each resets",
    tag: TAG,
    auth: 'player',
    querystring: pageQuery(typeFilter),
    responses: { 200: listAnswer('quests'), ...errorResponses(400, 401, 409) },
    handler: async (req) => {
      const player = await requirePersonaPlayer(ctx, req);
      return personaQuests(ctx, player.appId, player.personaId, req.query as QuestPage);
    },
  });
  api.route({
    method: 'POST',
    url: `${SDK}/quests/:id/items/:itemId/progress`,
    summary: "Add to the player's progress on a quest item in the current period",
    tag: TAG,
    auth: 'player',
    params: paramsSchema('id', 'itemId'),
    body: { type: 'object', additionalProperties: false, required: ['increment'], properties: { increment: { type: 'integer', minimum: 1, maximum: 1_000_000_000 } } },
    responses: { 200: { description: "the item with the player's progress", schema: { type: 'object' } }, ...errorResponses(400, 401, 404, 409) },
    handler: async (req) => {
      const player = await requirePersonaPlayer(ctx, req);
      const { id, itemId } = req.params as { id: string; itemId: string };
      return advanceQuestItem(ctx, player, playerActor(player), id, itemId, (req.body as { increment: number }).increment);
    },
  });
  api.route({
    method: 'POST',
    url: `${SDK}/quests/:id/items/:itemId/claim`,
    summary: "Claim a completed quest item's rewards into the persona's inventory (once per period)",
    tag: TAG,
    auth: 'player',
    params: paramsSchema('id', 'itemId'),
    responses: { 200: { description: 'the item and what was granted', schema: { type: 'object' } }, ...errorResponses(401, 404, 409) },
    handler: async (req) => {
      const player = await requirePersonaPlayer(ctx, req);
      const { id, itemId } = req.params as { id: string; itemId: string };
      return claimQuestItem(ctx, player, playerActor(player), id, itemId);
    },
  });
}

export function mountQuests(api: Api, ctx: Ctx): void {
  mountQuestDefinitions(api, ctx);
  mountPersonaQuests(api, ctx);
  mountQuestPlayer(api, ctx);
}
