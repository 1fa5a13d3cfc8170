import { randomUUID } from 'node:crypto';
import type { JsonSchema } from '../../../../resources/types';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import { paramsSchema, type Api } from '../../../engine/api';
import { notFound } from '../../../engine/errors';
import { guardUnique } from '../../../engine/write';
import { personaBanned, stillBanned } from './bans';
import { personasModel, usersModel } from './models';
import { bearerToken, playerActor, requirePlayer, selectPersona } from './principal';
import { realNameBodySchema } from '../../../../resources/players-api';
import { realNameOf, realNameSchema, submitRealName } from './real-name';
import { requireOpenRealm } from './realms';
import { errors, recordAnswer, SDK, TAG } from './routes-common';

const personaProps = personasModel.res.schema.properties as Record<string, JsonSchema>;

const createPersonaBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'realmId'],
  properties: { name: personaProps.name, realmId: personaProps.realmId, avatar: personaProps.avatar },
};

/** The player API's account calls: who am I, my personas, choosing one, and the real-name check. */
export function mountSdkAccount(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: `${SDK}/me`,
    summary: 'The signed-in player: their user, the selected persona (if any) and their real-name state',
    tag: TAG,
    auth: 'player',
    responses: {
      200: {
        description: 'the player',
        schema: { type: 'object', required: ['user', 'persona', 'realName'], properties: { user: usersModel.recordSchema, persona: { type: ['object', 'null'] }, realName: realNameSchema } },
      },
      ...errors(401, 423, 429),
    },
    handler: async (req) => {
      const p = await requirePlayer(ctx.db, req, { allowBannedPersona: true, realNameExempt: true });
      const [user, persona, realName] = await Promise.all([
        ctx.store.get(usersModel, p.appId, p.userId),
        p.personaId ? ctx.store.get(personasModel, p.appId, p.personaId) : Promise.resolve(null),
        realNameOf(ctx.db, p.appId, p.userId),
      ]);
      return { user, persona, realName };
    },
  });

  api.route({
    method: 'POST',
    url: `${SDK}/personas`,
    summary: 'Create a persona of the player in an Open realm (names are unique in the app)',
    tag: TAG,
    auth: 'player',
    body: createPersonaBody,
    responses: { 201: recordAnswer(personasModel), ...errors(400, 401, 404, 409, 423, 429) },
    handler: async (req, reply) => {
      const p = await requirePlayer(ctx.db, req, { allowBannedPersona: true });
      const body = req.body as { name: string; realmId: string; avatar?: string };
      await requireOpenRealm(ctx.store, p.appId, body.realmId);
      const data = { ...body, userId: p.userId, level: personaProps.level.default, tags: [] };
      const created = await guardUnique(personasModel, () => ctx.store.insert(personasModel, p.appId, randomUUID(), data, personasModel.res.status!.initial));
      await recordOperation(ctx.db, { actor: playerActor(p), appId: p.appId, action: 'passport.personas.create', target: String(created.id), after: created });
      reply.code(201);
      return created;
    },
  });

  api.route({
    method: 'POST',
    url: `${SDK}/personas/:id/select`,
    summary: "Play as one of the player's personas: later calls with this token act as it",
    tag: TAG,
    auth: 'player',
    params: paramsSchema('id'),
    responses: { 200: recordAnswer(personasModel), ...errors(400, 401, 404, 409, 423, 429) },
    handler: async (req) => {
      const p = await requirePlayer(ctx.db, req, { allowBannedPersona: true });
      const { id } = req.params as { id: string };
      const persona = await ctx.store.get(personasModel, p.appId, id);
      // Another player's persona is not theirs to see: the same answer as one that does not exist.
      if (persona.userId !== p.userId) throw notFound();
      if (await stillBanned(ctx.db, personasModel, p.appId, persona)) throw personaBanned();
      await requireOpenRealm(ctx.store, p.appId, String(persona.realmId));
      await selectPersona(ctx.db, bearerToken(req)!, id);
      await recordOperation(ctx.db, { actor: playerActor(p), appId: p.appId, action: 'passport.personas.select', target: id });
      return ctx.store.get(personasModel, p.appId, id);
    },
  });

  api.route({
    method: 'POST',
    url: `${SDK}/real-name`,
    summary: "Submit the player's real name and resident identity number (GB 11643), checked once per user",
    tag: TAG,
    auth: 'player',
    body: realNameBodySchema,
    responses: { 200: { description: 'the check passed', schema: realNameSchema }, ...errors(400, 401, 409, 423, 429) },
    handler: async (req) => {
      const p = await requirePlayer(ctx.db, req, { allowBannedPersona: true, realNameExempt: true });
      return submitRealName(ctx, p.appId, p.userId, req.body as { name: string; idNumber: string });
    },
  });
}

