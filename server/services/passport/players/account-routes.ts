import { randomBytes } from 'node:crypto';
import type { Ctx } from '../../../context';
import type { CallHandler, CallHandlers } from '../../../engine/declared-calls';
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

/** A user's or persona's ban history (a declared view, `GET <path>/:id/ban-actions`); an ended ban is lifted first. */
const banActions = (ctx: Ctx, m: ResourceModel): CallHandler => async ({ scopeId, record, input }) => {
  await stillBanned(ctx.db, m, scopeId, record!);
  const { total, items } = await banHistory(ctx.db, m, scopeId, String(record!.id), (input as { count: number }).count);
  return { total, banActions: items };
};

/** The console's reads of a player's account: the real-name check and the ban histories. */
export const accountViewHandlers = (ctx: Ctx): CallHandlers => ({
  'users.realName': ({ scopeId, record }) => realNameOf(ctx.db, scopeId, String(record!.id)),
  'users.banActions': banActions(ctx, usersModel),
  'personas.banActions': banActions(ctx, personasModel),
});
