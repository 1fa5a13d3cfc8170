import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bulkCommand } from '../../resources/command-call';
import type { ReferenceDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import type { ResourceModel } from '../../server/engine/model';
import type { Harness } from './harness';
import { parseReferencePath } from '../../server/engine/reference-paths';
import { tableOf } from '../../server/engine/sql';

/**
 * What the contract tests of deletes share (ADR 0015): the registry with every way the engine deletes a record
 * offered on each resource others refer to, records made from the schemas' examples, and the references of a
 * resource.
 */

/** The bulk command the tests add to a referenced resource: `POST <collection>/batch-delete`. */
export const BATCH_DELETE = bulkCommand('batchDelete', { 'zh-CN': '批量删除', en: 'Delete selected' }, { apply: 'delete' });

/**
 * The services with a bulk delete (`DELETE <collection>?ids=`) and a bulk delete command on every resource with a
 * delete that another resource refers to or nests under, where the declaration does not offer them already: the
 * tests then drive each of the engine's deletes through the declared reference rules.
 */
export function withBulkDeletes(list: ServiceDecl[]): ServiceDecl[] {
  return list.map((service) => {
    const referred = new Set(service.resources.flatMap((r) => [...(r.references ?? []).map((ref) => ref.resource), ...(r.parent ? [r.parent.resource] : [])]));
    const offering = (r: ResourceDecl): ResourceDecl => ({
      ...r,
      operations: [...new Set([...r.operations, 'bulkDelete' as const])],
      bulkDeleteParam: r.bulkDeleteParam ?? 'ids',
      commands: [...(r.commands ?? []).filter((c) => c.name !== BATCH_DELETE.name), BATCH_DELETE],
    });
    return { ...service, resources: service.resources.map((r) => (referred.has(r.name) && r.operations.includes('delete') ? offering(r) : r)) };
  });
}

/** Each reference of the models to `target` (in its service), with the model holding it. */
/**
 * The references to `target` held in a top-level field (those along a path into values need values valid for the
 * referenced record: tests/api/remote-config-references.test.ts covers them).
 */
export const referencesTo = (models: ResourceModel[], target: ResourceModel): [ResourceModel, ReferenceDecl][] =>
  models.flatMap((from) =>
    from.service.name === target.service.name
      ? (from.res.references ?? [])
          .filter((ref) => ref.resource === target.res.name && !parseReferencePath(ref.field))
          .map((ref) => [from, ref] as [ResourceModel, ReferenceDecl])
      : [],
  );

type Rec = Record<string, unknown>;

/**
 * A record of `m` in the demo app from its first example with `fields` put in (its declared unique fields made its
 * own):
 * created through the API where it can carry them, otherwise stored the way the service's own flow stores it (a
 * guild's leader, a generated code).
 */
export async function makeRecord(h: Harness, m: ResourceModel, fields: Rec = {}): Promise<Rec> {
  const first = (m.res.schema.examples as Rec[])[0] ?? {};
  const own = Object.fromEntries((m.res.unique ?? []).filter((f) => typeof first[f] === 'string').map((f) => [f, `${String(first[f])}-${randomUUID().slice(0, 8)}`]));
  const example = { ...structuredClone(first), ...own, ...fields };
  const writable = Object.keys(fields).every((f) => f in ((m.createSchema.properties ?? {}) as Rec));
  if (m.res.operations.includes('create') && writable) {
    const res = await h.svc('POST', m.base, example);
    expect(res.statusCode, `${m.res.name}: ${res.body}`).toBe(201);
    return res.json();
  }
  return h.ctx.store.insert(m, h.appId, randomUUID(), example, m.res.status?.initial ?? null);
}

/** A record's stored data and version, undefined once it is deleted. */
export const storedRecord = async (h: Harness, m: ResourceModel, id: unknown) =>
  (await h.db.query<{ data: Rec; version: number }>(`SELECT data, version FROM ${tableOf(m)} WHERE service = $1 AND kind = $2 AND id = $3`, [m.service.name, m.res.name, id]))
    .rows[0];
