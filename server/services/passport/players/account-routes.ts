import { randomBytes } from 'node:crypto';
import { requireServiceEnabled } from '../../../auth/principal';
import type { Ctx } from '../../../context';
import { pageQuery, type Api } from '../../../engine/api';
import { mountDetailCall, mountViewCall } from '../../../engine/service-calls';
import { realNameView } from '../../../../resources/passport/details';
import { banHistoryView } from '../../../../resources/passport/views';
import { notFound } from '../../../engine/errors';
import type { ResourceModel } from '../../../engine/model';
import { banHistory, stillBanned } from './bans';
import { operationOf, meterPlayerCall } from './metering';
import { personasModel, usersModel } from './models';
import { configuredProvider, qqAuthorizeUrl } from './provider-verify';
import { realNameOf } from './real-name';
import { BASE, errors, TAG } from './routes-common';
import { loginBodySchema, qqWebLoginBody, type LoginBody } from '../../../../resources/players-api';
import { signIn } from './signin';

/** A user's or persona's ban history (`GET <path>/:id/ban-actions`, a declared view); an ended ban is lifted first. */
function mountBanActions(api: Api, ctx: Ctx, m: ResourceModel): void {
  mountViewCall(api, ctx, m, banHistoryView.name, {
    summary: `The bans and unbans of a ${m.res.singular.en}, newest first (lifts by a passed end are marked automatic)`,
    query: pageQuery({}, { count: { type: 'integer', minimum: 1, maximum: 500, default: 100 } }),
    errors: errors(400, 401, 403, 404),
    handler: async ({ access: { scopeId }, record, req }) => {
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
      const creds = await configuredProvider(ctx, app.AppId, 'QQWeb');
      const state = body.state ?? randomBytes(16).toString('base64url');
      return { authorizeUrl: qqAuthorizeUrl(creds, body.redirectUri, state), state };
    },
  });

  mountDetailCall(api, ctx, usersModel, realNameView.name, {
    summary: "A user's real-name check: whether passed, the masked name and number, birth date and age band",
    errors: errors(400, 401, 403, 404),
    handler: ({ access, record }) => realNameOf(ctx.db, access.scopeId, String(record.id)),
  });

  mountBanActions(api, ctx, usersModel);
  mountBanActions(api, ctx, personasModel);
}
