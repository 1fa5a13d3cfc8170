import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context';
import type { ResourceModel } from './model';
import { records } from './query';
import type { Data } from './store';
import { guardUnique, serverManagedFields } from './write';

/**
 * The write of a service's create-or-update call on a resource: the record the body's id names (404 without it),
 * or else the one whose `addressBy` field has the body's value, is updated with the body's fields (the body's
 * `version`, when given, checked; server-managed fields kept); with none named, a record is created in the
 * resource's initial state. A unique value taken is refused (409) as on the engine's own writes. Answers the record
 * before (none: it was created) and after.
 */
export async function createOrUpdate(ctx: Ctx, m: ResourceModel, scopeId: string, body: Data): Promise<{ before?: Data; after: Data }> {
  const { [m.res.idField]: id, version, ...fields } = body as Data & { version?: number };
  const key = m.res.addressBy;
  const named = (): Promise<Data | undefined> =>
    id !== undefined ? ctx.store.get(m, scopeId, String(id)) : key ? records(ctx.db, m).first(scopeId, { where: { [key]: String(fields[key]) } }) : Promise.resolve(undefined);
  const before = await named();
  if (!before) return { after: await guardUnique(m, () => ctx.store.insert(m, scopeId, randomUUID(), fields, m.res.status?.initial ?? null)) };
  const data = { ...serverManagedFields(m, before), ...fields };
  const after = await guardUnique(m, () => ctx.store.update(m, scopeId, String(before.id), { data, version: version ?? (before.version as number) }));
  return { before, after };
}
