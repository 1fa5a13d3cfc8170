import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../resources/types';
import type { Ctx } from '../context';
import { idParam, paramsSchema } from './api';
import { notFound } from './errors';
import type { ResourceModel } from './model';
import { parentModelOf } from './references';
import { kindPredicate, tableOf } from './sql';
import type { Data } from './store';

/**
 * Sub-resources (ADR 0015): records nested under a parent's item path, `<parent>/:<param><path>[/:id]`. Every call
 * is confined to the parent the path names; the parent's id is stored in the record's `parent_id`.
 */

/** The path parameters of a collection call: the parent's key for a sub-resource, none otherwise. */
export const collectionParams = (m: ResourceModel): JsonSchema | undefined => (m.res.parent ? paramsSchema(m.res.parent.param) : undefined);

/**
 * The path parameters of an item call: the parent's key (for a sub-resource), then the item's own — an id, or, for
 * a record addressed by a unique field (`addressBy`) whose values an id's pattern would refuse (a version number's
 * dots), a value of that field as its schema allows.
 */
export const itemParams = (m: ResourceModel): JsonSchema => {
  const out = paramsSchema(...(m.res.parent ? [m.res.parent.param] : []), m.idParam);
  const by = m.res.addressBy ? ((m.res.schema.properties ?? {}) as Record<string, JsonSchema>)[m.res.addressBy] : undefined;
  if (by?.type === 'string' && typeof by.pattern === 'string' && by.pattern !== idParam.pattern) {
    (out.properties as Record<string, JsonSchema>)[m.idParam] = { anyOf: [idParam, { type: 'string', minLength: 1, maxLength: by.maxLength ?? idParam.maxLength, pattern: by.pattern }] };
  }
  return out;
};

/**
 * For a sub-resource's call, the id of the parent its path names: the parent must exist in the caller's scope, and
 * an item the path names must be one of that parent's records — otherwise 404. Undefined for other resources.
 */
export async function requireParent(ctx: Ctx, req: FastifyRequest, m: ResourceModel, scopeId: string): Promise<string | undefined> {
  const decl = m.res.parent;
  const parent = parentModelOf(ctx, m);
  if (!decl || !parent) return undefined;
  const params = (req.params ?? {}) as Record<string, string | undefined>;
  const parentId = await ctx.store.resolveId(parent, scopeId, String(params[decl.param] ?? ''));
  await ctx.store.get(parent, scopeId, parentId);
  const key = params[m.idParam];
  if (key !== undefined) {
    const id = await ctx.store.resolveId(m, scopeId, key);
    if (!(await parentsOwn(ctx, m, scopeId, parentId, [id])).has(id)) throw notFound();
  }
  return parentId;
}

/** Which of `ids` are records of the parent `parentId` (a sub-resource's call reaches no others). */
export async function parentsOwn(ctx: Ctx, m: ResourceModel, scopeId: string, parentId: string, ids: string[]): Promise<Set<string>> {
  const mine = await ctx.db.query<{ id: string }>(`SELECT id FROM ${tableOf(m)} WHERE ${kindPredicate(m)} AND scope_id = $1 AND id = ANY($2::text[]) AND parent_id = $3`, [
    scopeId,
    ids,
    parentId,
  ]);
  return new Set(mine.rows.map((r) => r.id));
}

/** What a new sub-resource record holds of its parent: the declared `field`, if any, set to the parent's id. */
export const parentFields = (m: ResourceModel, parentId: string | undefined): Data =>
  m.res.parent?.field && parentId !== undefined ? { [m.res.parent.field]: parentId } : {};
