import { randomBytes } from 'node:crypto';
import type { Ctx } from '../../../context';
import { errorResponses, pageQuery, type Api } from '../../../engine/api';
import type { CallHandlers } from '../../../engine/declared-calls';
import { mountDetailCall, mountViewCall } from '../../../engine/service-calls';
import { realNameView } from '../../../../resources/passport/details';
import { banHistoryView } from '../../../../resources/passport/views';
import type { ResourceModel } from '../../../engine/model';
import { banHistory, stillBanned } from './bans';
import { operationOf, meterPlayerCall } from './metering';
import { personasModel, usersModel } from './models';
import { configuredProvider, qqAuthorizeUrl } from './provider-verify';
import { realNameOf } from './real-name';
import type { LoginBody } from '../../../../resources/players-api';
import { signIn } from './signin';

/** The behaviour of the sign-in calls declared in `resources/passport/players-calls.ts`. */
export const signInHandlers = (ctx: Ctx): CallHandlers => ({
  'players.signIn': ({ req, scopeId, actor, input }) => signIn(ctx, req, { appId: scopeId, actor }, input as unknown as LoginBody),
  'players.qqWebLogin': async ({ req, scopeId, input }) => {
    const body = input as { redirectUri: string; state?: string };
    await meterPlayerCall(ctx.db, scopeId, operationOf(req), null);
    const creds = await configuredProvider(ctx, scopeId, 'QQWeb');
    const state = body.state ?? randomBytes(16).toString('base64url');
    return { authorizeUrl: qqAuthorizeUrl(creds, body.redirectUri, state), state };
  },
});

/** A user's or persona's ban history (`GET <path>/:id/ban-actions`, a declared view); an ended ban is lifted first. */
function mountBanActions(api: Api, ctx: Ctx, m: ResourceModel): void {
  mountViewCall(api, ctx, m, banHistoryView.name, {
    summary: `The bans and unbans of a ${m.res.singular.en}, newest first (lifts by a passed end are marked automatic)`,
    query: pageQuery({}, { count: { type: 'integer', minimum: 1, maximum: 500, default: 100 } }),
    errors: errorResponses(400, 401, 403, 404),
    handler: async ({ access: { scopeId }, record, req }) => {
      await stillBanned(ctx.db, m, scopeId, record);
      const { total, items } = await banHistory(ctx.db, m, scopeId, String(record.id), (req.query as { count: number }).count);
      return { total, banActions: items };
    },
  });
}

/** The console's reads of a player's account: the real-name check and the ban histories. */
export function mountAccountViews(api: Api, ctx: Ctx): void {
  mountDetailCall(api, ctx, usersModel, realNameView.name, {
    summary: "A user's real-name check: whether passed, the masked name and number, birth date and age band",
    errors: errorResponses(400, 401, 403, 404),
    handler: ({ access, record }) => realNameOf(ctx.db, access.scopeId, String(record.id)),
  });
  mountBanActions(api, ctx, usersModel);
  mountBanActions(api, ctx, personasModel);
}
