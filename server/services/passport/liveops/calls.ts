import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../../resources/types';
import type { Ctx } from '../../../context';
import { errorResponses, paramsSchema, type Api, type Method, type ResponseDef } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import { BASE, SDK } from '../base';
import { requirePlayer, requireSelectedPersona } from '../players/principal';
import { playerActor, TAG, type PersonaPlayer } from './common';

/**
 * One of live-ops' own calls: the console's and the game server's (with the app credential, under the passport
 * base) or the game client's (with a player token, under its `/sdk`). What differs from call to call is here; who
 * calls, the tag and the path parameters (every `:name` of the path, an id) are the same for all.
 */
export interface CallDef {
  method: Method;
  path: string;
  summary: string;
  body?: JsonSchema;
  /** A body that may be left out (the handler is given `{}`). */
  optionalBody?: JsonSchema;
  query?: JsonSchema;
  /** The success answer, with its status (default 200); `more`: other success answers the handler chooses. */
  answer: ResponseDef;
  status?: number;
  more?: Record<number, ResponseDef>;
  /** The error statuses the call may answer. */
  errors: number[];
}

/** A body of exactly these fields, each required. */
export const fieldsBody = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});

type Params = Record<string, string>;
type Input = Record<string, unknown>;

type Handler = (req: FastifyRequest, call: { params: Params; input: Input }, reply: FastifyReply) => Promise<unknown>;

function mount(api: Api, def: CallDef, url: string, auth: 'service' | 'player', handler: Handler) {
  const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  api.route({
    method: def.method,
    url,
    summary: def.summary,
    tag: TAG,
    auth,
    ...(names.length ? { params: paramsSchema(...names) } : {}),
    ...(def.body ? { body: def.body } : {}),
    ...(def.optionalBody ? { optionalBody: def.optionalBody } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    responses: { [def.status ?? 200]: def.answer, ...def.more, ...errorResponses(...def.errors) },
    handler: async (req, reply) => {
      if (def.status) reply.code(def.status);
      const input = ((def.query ? req.query : req.body) ?? {}) as Input;
      return handler(req, { params: req.params as Params, input }, reply);
    },
  });
}

/** The app a service call acts in, and who calls, as the operation history names them. */
export interface AppCaller {
  appId: string;
  actor: string;
}

/** A call of the console or the game's server, in the app of its credential, with passport enabled. */
export function serviceCall<I = Input>(
  api: Api,
  ctx: Ctx,
  def: CallDef,
  run: (app: AppCaller, params: Params, input: I, reply: FastifyReply) => Promise<unknown>,
): void {
  mount(api, def, `${BASE}${def.path}`, 'service', async (req, { params, input }, reply) => {
    const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
    return run({ appId: scopeId, actor: principal.actor }, params, input as I, reply);
  });
}

/** The player of a player call, as the operation history names them too. */
export type PlayerCaller = PersonaPlayer & { actor: string };

/**
 * A call of the game client, as the token's player and their selected persona (409 without one); with
 * `anyPersona`, as the player whether they selected one or not.
 */
export function playerCall<I = Input>(
  api: Api,
  ctx: Ctx,
  def: CallDef & { anyPersona?: boolean },
  run: (player: PlayerCaller, params: Params, input: I) => Promise<unknown>,
): void {
  mount(api, def, `${SDK}${def.path}`, 'player', async (req, { params, input }) => {
    const player = def.anyPersona ? ((await requirePlayer(ctx.db, req)) as PersonaPlayer) : await requireSelectedPersona(ctx.db, req);
    return run({ ...player, actor: playerActor(player) }, params, input as I);
  });
}
