import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { LoginBody } from '../../../../resources/players-api';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import { ApiError, forbidden } from '../../../engine/errors';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { verifyPhoneCode } from '../identity/codes';
import { playerBanned, stillBanned } from './bans';
import { countActive, recordFinishedDays } from './dau';
import { findUserByIdentity, identityKey } from './hooks';
import { countSignIn, meterPlayerCall, operationOf } from './metering';
import { loginSettings, usersModel } from './models';
import { issuePlayerToken } from './principal';
import { configuredProvider, verifyAtProvider } from './provider-verify';
import { requireOpenRealm } from './realms';

export interface SignInIdentity {
  key: string;
  externalId: string;
  loginProvider?: string;
}

/** Who the player is, as proven by the method: the game server's word, a phone code, or the provider's answer. */
async function proveIdentity(ctx: Ctx, appId: string, body: LoginBody): Promise<SignInIdentity> {
  if (body.method === 'ServerSide') {
    const provider = body.provider ?? 'ServiceLogin';
    return { key: identityKey('ServerSide', provider), externalId: body.externalId!, loginProvider: provider };
  }
  if (body.method === 'Phone') {
    const phone = body.phone!;
    if (!(await verifyPhoneCode(ctx, appId, phone, body.code!))) throw new ApiError(401, 'CODE_INVALID', 'verification code invalid or expired');
    return { key: identityKey('Phone', undefined), externalId: phone };
  }
  const provider = body.provider!;
  const creds = await configuredProvider(ctx, appId, provider);
  const proven = await verifyAtProvider(provider, creds, { method: body.method, code: body.code, token: body.token, openId: body.openId, redirectUri: body.redirectUri });
  return { key: identityKey(body.method, provider), externalId: proven.externalId, loginProvider: provider };
}

/**
 * The user of this identity, created at the first sign-in, or found, checked for a ban and touched. Concurrent
 * sign-ins of one identity wait on a lock for it, so exactly one user is created and touches never race.
 */
async function findOrCreateUser(ctx: Ctx, appId: string, who: SignInIdentity, body: LoginBody, actor: string | undefined) {
  return ctx.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`passport-identity|${appId}|${who.key}|${who.externalId}`]);
    const user = await findUserByIdentity(tx, appId, who.key, who.externalId);
    if (user) {
      if (await stillBanned(tx, usersModel, appId, user)) throw playerBanned();
      // The sign-in's time and platform, set on the user as it is now.
      const touched = { set: { lastLoginAt: new Date().toISOString(), platform: body.platform } };
      return { user: await records(tx, usersModel).updateOne(appId, String(user.id), touched), created: false };
    }
    const id = randomUUID();
    const data: Data = {
      name: body.nickname ?? `player-${id.slice(0, 8)}`,
      loginMethod: body.method,
      ...(who.loginProvider ? { loginProvider: who.loginProvider } : {}),
      externalId: who.externalId,
      ...(body.method === 'Phone' ? { phone: who.externalId } : {}),
      platform: body.platform,
      realmId: body.realmId,
      tags: [],
      lastLoginAt: new Date().toISOString(),
    };
    const created = await records(tx, usersModel).insert(appId, data, { id });
    await recordOperation(tx, { actor: actor ?? `player:${id}`, appId, action: 'passport.users.create', target: id, after: created });
    return { user: created, created: true };
  });
}

/**
 * `POST /login/external`: signs a player in to an Open realm and answers a player token. The first sign-in of an
 * identity creates its user; a banned user is refused (423). A sign-in is a player call (it counts against the
 * app's limit) and counts the player as active today. The app is the one the call names, or the game server's
 * (its credential, which a ServerSide sign-in needs: `appCredential` of the declared call); `actor` is then the
 * credential's, otherwise empty (the player signing in).
 */
export async function signIn(ctx: Ctx, req: FastifyRequest, caller: { appId: string; actor: string }, body: LoginBody) {
  const { appId } = caller;
  const actor = caller.actor || undefined;
  await meterPlayerCall(ctx.db, appId, operationOf(req), null);
  const settings = await loginSettings(ctx.db, appId);
  if (!settings.loginMethods.includes(body.method)) throw forbidden('login method not enabled');
  if (!settings.loginPlatforms.includes(body.platform)) throw forbidden('login platform not enabled');
  await requireOpenRealm(ctx.db, appId, body.realmId);
  const who = await proveIdentity(ctx, appId, body);
  const found = await findOrCreateUser(ctx, appId, who, body, actor);
  const user = found.user;
  const userId = String(user.id);
  const { token, expiresAt } = await issuePlayerToken(ctx.db, appId, userId, settings.tokenLifetimeHours);
  await countActive(ctx.db, appId, userId);
  await countSignIn(ctx.db, appId, found.created);
  await recordFinishedDays(ctx.db, appId);
  await recordOperation(ctx.db, {
    actor: actor ?? `player:${userId}`,
    appId,
    action: 'passport.users.login',
    target: userId,
    after: { method: body.method, provider: who.loginProvider ?? null, platform: body.platform, realmId: body.realmId },
  });
  return { token, expiresAt, user };
}
