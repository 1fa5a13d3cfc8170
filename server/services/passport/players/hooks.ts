import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { conflict, type FieldError } from '../../../engine/errors';
import type { ResourceHooks, WriteInput } from '../../../engine/hooks';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { realmsModel, usersModel } from './models';

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
  const hit = found.find((r) => identityKey(String(r.loginMethod), (r.loginProvider as string | undefined) ?? undefined) === key);
  return hit ? { id: hit.id } : undefined;
}

/** Which of `ids` are records of the resource in the app. */
async function existing(ctx: Ctx, resource: string, appId: string, ids: string[]): Promise<Set<string>> {
  const m = ctx.models.get(`passport/${resource}`);
  if (!m || ids.length === 0) return new Set();
  const found = await records(ctx.db, m).find(appId, { where: { id: { $in: ids } } });
  return new Set(found.map((r) => String(r.id)));
}

/** Tags named on a user or persona must be tags of the app. */
async function tagErrors(ctx: Ctx, appId: string, data: Data): Promise<FieldError[]> {
  const tags = (data.tags as string[] | undefined) ?? [];
  if (tags.length === 0) return [];
  if (!ctx.models.has('passport/tags')) return tags.map((_, i) => ({ field: `/tags/${i}`, message: 'no such tag' }));
  const found = await existing(ctx, 'tags', appId, tags);
  return tags.flatMap((t, i) => (found.has(t) ? [] : [{ field: `/tags/${i}`, message: 'no such tag' }]));
}

async function refErrors(ctx: Ctx, appId: string, field: string, resource: string, id: unknown, message: string): Promise<FieldError[]> {
  if (typeof id !== 'string') return [];
  return (await existing(ctx, resource, appId, [id])).has(id) ? [] : [{ field: `/${field}`, message }];
}

/** Users: one user per sign-in identity (409), an existing home realm, existing tags. */
async function validateUser({ ctx, scopeId, data, existing: before }: WriteInput): Promise<FieldError[]> {
  const key = identityKey(String(data.loginMethod), data.loginProvider as string | undefined);
  const holder = await findUserByIdentity(ctx.db, scopeId, key, String(data.externalId));
  if (holder && holder.id !== before?.id) {
    throw conflict('DUPLICATE', 'another user has this sign-in identity', [{ field: '/externalId', message: 'already exists' }]);
  }
  return [...(await refErrors(ctx, scopeId, 'realmId', realmsModel.res.name, data.realmId, 'no such realm')), ...(await tagErrors(ctx, scopeId, data))];
}

/** Personas: an existing user and realm, which never change afterwards; existing tags. */
async function validatePersona({ ctx, scopeId, data, existing: before }: WriteInput): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const field of ['userId', 'realmId']) {
    if (before && before[field] !== data[field]) errors.push({ field: `/${field}`, message: 'cannot be changed' });
  }
  if (errors.length) return errors;
  if (!before) {
    errors.push(...(await refErrors(ctx, scopeId, 'userId', usersModel.res.name, data.userId, 'no such user')));
    errors.push(...(await refErrors(ctx, scopeId, 'realmId', realmsModel.res.name, data.realmId, 'no such realm')));
  }
  return [...errors, ...(await tagErrors(ctx, scopeId, data))];
}

export const playersHooks: Record<string, ResourceHooks> = {
  users: { validate: validateUser },
  personas: { validate: validatePersona },
};
