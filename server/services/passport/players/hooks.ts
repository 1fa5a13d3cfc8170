import type { Queryable } from '../../../db';
import { conflict, type FieldError } from '../../../engine/errors';
import type { ResourceHooks, WriteInput } from '../../../engine/hooks';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { usersModel } from './models';

/**
 * The key a sign-in identity is found by: the phone number for Phone, otherwise the provider (server-side
 * sign-ins without one are the game server's own `ServiceLogin` ids).
 */
export function identityKey(method: string, provider: string | undefined): string {
  if (method === 'Phone') return 'Phone';
  return provider ?? 'ServiceLogin';
}

/** The app's user with this sign-in identity, if any (the external id is indexed; the key is checked on the few hits). */
export async function findUserByIdentity(db: Queryable, appId: string, key: string, externalId: string): Promise<Data | undefined> {
  const found = await records(db, usersModel).find(appId, { where: { externalId } });
  return found.find((r) => identityKey(String(r.loginMethod), (r.loginProvider as string | undefined) ?? undefined) === key);
}

/*
 * That a user's realm and tags and a persona's user, realm and tags exist is checked by the engine from their
 * declared references (`resources/passport/players.ts`), and that a persona keeps its user and realm from its schema
 * (`x-fixed`).
 */

/** Users: one user per sign-in identity (409). */
async function validateUser({ ctx, scopeId, data, existing: before }: WriteInput): Promise<FieldError[]> {
  const key = identityKey(String(data.loginMethod), data.loginProvider as string | undefined);
  const holder = await findUserByIdentity(ctx.db, scopeId, key, String(data.externalId));
  if (holder && holder.id !== before?.id) {
    throw conflict('DUPLICATE', 'another user has this sign-in identity', [{ field: '/externalId', message: 'already exists' }]);
  }
  return [];
}

export const playersHooks: Record<string, ResourceHooks> = {
  users: { validate: validateUser },
};
