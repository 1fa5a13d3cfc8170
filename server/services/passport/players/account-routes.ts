import { randomBytes } from 'node:crypto';
import { requireServiceEnabled } from '../../../auth/principal';
import type { Ctx } from '../../../context';
import { paramsSchema, type Api } from '../../../engine/api';
import { ApiError, notFound } from '../../../engine/errors';
import type { ResourceModel } from '../../../engine/model';
import banActionSchema from '../../../../schemas/passport/players/views/ban-action.json' with { type: 'json' };
import { banHistory, stillBanned } from './bans';
import { operationOf, meterPlayerCall } from './metering';
import { personasModel, usersModel } from './models';
import { providerCredentials } from '../identity/id-providers';
import { qqAuthorizeUrl } from './provider-verify';
import { realNameOf, realNameSchema } from './real-name';
import { appOf, BASE, errors, listAnswer, recordIn, TAG } from './routes-common';
import { loginBodySchema, qqWebLoginBody, type LoginBody } from '../../../../resources/players-api';
import { signIn } from './signin';

/** A user's or persona's ban history (`GET <path>/:id/ban-actions`); an ended ban is lifted first. */
function mountBanActions(api: Api, ctx: Ctx, m: ResourceModel): void {
  api.route({
    method: 'GET',
    url: `${m.base}/:id/ban-actions`,
    summary: `The bans and unbans of a ${m.res.singular.en}, newest first (lifts by a passed end are marked automatic)`,
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    querystring: { type: 'object', additionalProperties: false, properties: { count: { type: 'integer', minimum: 1, maximum: 500, default: 100 } } },
    responses: { 200: listAnswer('banActions', banActionSchema), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const { scopeId } = await appOf(ctx, req);
      const record = await recordIn(ctx, m, scopeId, (req.params as { id: string }).id);
      await stillBanned(ctx.db, m, scopeId, record);
      const { total, items } = await banHistory(ctx.db, m, scopeId, String(record.id), (req.query as { count: number }).count);
      return { total, banActions: items };
    },
  });
}

/** Sign-in, the QQ web flow, and the console's reads of a player's account. */
export function mountAccount(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: `${BASE}/login/external`,
    summary:
      "Sign a player in to an Open realm: ServerSide with the app credential (the game server vouches for its player id), Phone with a verification code, OAuth / AccessToken checked at a configured provider. The first sign-in creates the user. Answers a player token.",
    tag: TAG,
    auth: 'none',
    body: loginBodySchema,
    responses: {
      200: {
        description: 'signed in',
        schema: { type: 'object', required: ['token', 'expiresAt', 'user'], properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, user: usersModel.recordSchema } },
      },
      ...errors(400, 401, 403, 404, 409, 423, 429, 502),
    },
    handler: (req) => signIn(ctx, req, req.body as LoginBody),
  });

  api.route({
    method: 'POST',
    url: `${BASE}/third_party/qq-web-login`,
    summary: "Start QQ web sign-in: the QQ authorization page to send the player to (the code it returns signs in with method OAuth, provider QQWeb)",
    tag: TAG,
    auth: 'none',
    body: qqWebLoginBody,
    responses: {
      200: { description: 'where to go', schema: { type: 'object', required: ['authorizeUrl', 'state'], properties: { authorizeUrl: { type: 'string' }, state: { type: 'string' } } } },
      ...errors(400, 403, 404, 409, 429),
    },
    handler: async (req) => {
      const body = req.body as { appId: string; redirectUri: string; state?: string };
      const app = await ctx.apps.get(body.appId);
      if (!app) throw notFound();
      requireServiceEnabled(app, TAG);
      await meterPlayerCall(ctx.db, app.AppId, operationOf(req), null);
      const creds = await providerCredentials(ctx, app.AppId, 'QQWeb');
      if (!creds) throw new ApiError(409, 'PROVIDER_NOT_CONFIGURED', 'the login provider is not configured');
      const state = body.state ?? randomBytes(16).toString('base64url');
      return { authorizeUrl: qqAuthorizeUrl(creds, body.redirectUri, state), state };
    },
  });

  api.route({
    method: 'GET',
    url: `${BASE}/users/:id/real-name`,
    summary: "A user's real-name check: whether passed, the masked name and number, birth date and age band",
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    responses: { 200: { description: 'the check', schema: realNameSchema }, ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const { scopeId } = await appOf(ctx, req);
      const user = await recordIn(ctx, usersModel, scopeId, (req.params as { id: string }).id);
      return realNameOf(ctx.db, scopeId, String(user.id));
    },
  });

  mountBanActions(api, ctx, usersModel);
  mountBanActions(api, ctx, personasModel);
}
