import type { FastifyRequest } from 'fastify';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { badRequest, conflict, forbidden } from './errors';
import type { HookRegistry } from './hooks';
import type { Access } from './guard';
import type { ResourceModel } from './model';
import type { Data } from './store';
import { fieldsDenied } from '../../resources/field-access';
import { guardFieldWrites, readableBy } from './fields';
import { referenceErrors } from './reference-checks';
import { fieldCheckErrors } from './field-checks';
import { maskedFields } from './masks';

/**
 * Checks a write's declared references (the records they name exist in the scope) and the checks between its fields
 * (`field-checks.ts`), then runs the service's own checks; any failure is a 400 naming every field error, and
 * nothing is stored.
 */
export async function checkWrite(ctx: Ctx, hooks: HookRegistry, m: ResourceModel, scopeId: string, data: Data, existing?: Data) {
  const [errors] = await referenceErrors(ctx, m, scopeId, [{ data, existing }]);
  errors.push(...fieldCheckErrors(m.res, data, existing));
  const validate = hooks.get(`${m.service.name}/${m.res.name}`)?.validate;
  if (validate) errors.push(...(await validate({ ctx, model: m, scopeId, data, existing })));
  if (errors.length) throw badRequest(errors);
}

/**
 * The server-managed fields worked out from a write that passed its checks: the masks of the secrets it carries
 * (`x-mask-of`), and the service's (`ResourceHooks.derive`: a content's size from its hash), of which only the
 * schema's `readOnly` fields are taken.
 */
export async function derivedFields(ctx: Ctx, hooks: HookRegistry, m: ResourceModel, scopeId: string, data: Data, existing?: Data): Promise<Data> {
  const masks = maskedFields(m.res, data);
  const derive = hooks.get(`${m.service.name}/${m.res.name}`)?.derive;
  if (!derive) return masks;
  const props = (m.res.schema.properties ?? {}) as Record<string, { readOnly?: boolean }>;
  const given = await derive({ ctx, model: m, scopeId, data, existing });
  return { ...masks, ...Object.fromEntries(Object.entries(given).filter(([k]) => props[k]?.readOnly === true)) };
}

/** Turns a unique-index violation into a 409 that names the declared unique fields. */
export async function guardUnique<T>(m: ResourceModel, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      throw conflict(
        'DUPLICATE',
        'duplicate value',
        (m.res.unique ?? []).map((f) => ({ field: `/${f}`, message: 'already exists' })),
      );
    }
    throw err;
  }
}

export function audit(ctx: Ctx, access: Access, m: ResourceModel, action: string, target: string, before?: Data, after?: Data) {
  return auditIn(ctx.db, access, m, action, target, before, after);
}

/** The operation-history entry of a change to a record of `m`, written through `q` (a transaction's, when in one). */
export function auditIn(q: Queryable, access: Pick<Access, 'scopeId'> & { principal: { actor: string } }, m: ResourceModel, action: string, target: string, before?: Data, after?: Data) {
  return recordOperation(q, {
    actor: access.principal.actor,
    appId: access.scopeId,
    action: `${m.service.name}.${m.res.name}.${action}`,
    target,
    before,
    after,
  });
}

/** The fields of a record that a write may carry: everything except server-managed ones. */
export function storedFields(m: ResourceModel, body: Data): Data {
  const { version: _v, createdAt: _c, updatedAt: _u, ...rest } = body;
  delete rest[m.res.idField];
  if (m.res.status) delete rest[m.res.status.field];
  return rest;
}

/**
 * The server-managed fields of a stored record (its schema's `readOnly` properties other than the status): an
 * update body cannot carry them, so an update keeps them.
 */
export function serverManagedFields(m: ResourceModel, existing: Data): Data {
  const props = (m.res.schema.properties ?? {}) as Record<string, { readOnly?: boolean }>;
  const keep = Object.keys(props).filter((k) => props[k].readOnly === true && k !== m.res.status?.field && existing[k] !== undefined);
  return Object.fromEntries(keep.map((k) => [k, existing[k]]));
}

/**
 * The defaults of a resource's server-managed fields (`readOnly` with a `default`): a create body cannot carry them,
 * so a new record starts with them, as the writable fields start with theirs.
 */
export function serverManagedDefaults(m: ResourceModel): Data {
  const props = (m.res.schema.properties ?? {}) as Record<string, { readOnly?: boolean; default?: unknown }>;
  const given = Object.keys(props).filter((k) => props[k].readOnly === true && props[k].default !== undefined && k !== m.res.status?.field);
  return Object.fromEntries(given.map((k) => [k, structuredClone(props[k].default)]));
}

/** A record as this caller may read it: without the fields whose `x-access.read` leaves the caller out. */
export const answerFor = (access: Access, m: ResourceModel, record: Data): Data => readableBy(m.res.schema, access.principal.kind, record);

/**
 * A create's or update's data as this caller may write it: 403 naming the fields `x-access.write` keeps from the
 * caller that the body carries (create) or changes (update); an update leaving them out keeps them.
 */
export const writableBy = (access: Access, m: ResourceModel, data: Data, existing?: Data): Data =>
  guardFieldWrites(m.res.schema, access.principal.kind, data, existing && storedFields(m, existing));

/** A list query may not filter or sort on a field the caller may not read (403): the order would tell its values. */
export function guardListQuery(access: Access, m: ResourceModel, args: Record<string, unknown>): void {
  const hidden = fieldsDenied(m.res.schema, 'read', [access.principal.kind]);
  if (hidden.some((f) => args[f] !== undefined || args.sort === f)) throw forbidden();
}

/** The record key an item path names, read from the resource's path parameter (`:id` unless declared otherwise). */
export const idOf = (req: FastifyRequest, m: ResourceModel) => (req.params as Record<string, string>)[m.idParam];
