/**
 * Contract tests generated from the declared references (ADR 0015): for every reference, deleting the referenced
 * record does what the declaration says — `restrict` refuses with 409 naming the referrer and deletes nothing,
 * `cascade` deletes the referrer too (in the operation history), `set-null` clears the field — whichever of the
 * engine's deletes is used: the record's own, the bulk delete, or a bulk command applying delete (offered on every
 * referenced resource for these tests). A reference declared later is covered without new test code, through the
 * schemas' `examples`.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, type ReferenceDecl } from '../../resources';
import { buildModel, type ResourceModel } from '../../server/engine/model';
import { parseReferencePath } from '../../server/engine/reference-paths';
import { BATCH_DELETE, makeRecord, storedRecord, withBulkDeletes } from './contract-deletes';
import { enableOnDemoApp, startHarness, type Harness } from './harness';
import { tableOf } from '../../server/engine/sql';

const offered = withBulkDeletes(services);
const models = offered.flatMap((s) => s.resources.map((r) => buildModel(s, r))).filter((m) => m.res.scope === 'app' && !m.res.singleton);
const modelOf = (from: ResourceModel, name: string) => models.find((m) => m.service.name === from.service.name && m.res.name === name)!;
// References held in a top-level field. Those along a path into values (remote config's overrides → configs, `keep`)
// need values valid for the referenced record; tests/api/remote-config-references.test.ts covers them. A referenced
// sub-resource is made under a parent record, which its service's own tests do (matchmaking's configs).
const cases = models.flatMap((m) =>
  (m.res.references ?? [])
    .filter((ref) => !parseReferencePath(ref.field) && !modelOf(m, ref.resource).res.parent)
    .map((ref) => [`${m.service.name}/${m.res.name}.${ref.field} → ${ref.resource} (${ref.onDelete})`, m, ref] as const),
);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ services: offered });
  await enableOnDemoApp(h, offered.map((s) => s.name));
});
afterAll(() => h.close());

type Rec = Record<string, unknown>;
const item = (m: ResourceModel, id: unknown) => `${m.base}/${String(id)}`;
const make = (m: ResourceModel, fields: Rec = {}) => makeRecord(h, m, fields);
const stored = (m: ResourceModel, id: unknown) => storedRecord(h, m, id);

/** The engine's deletes of one record of `m`. */
const deletes: Record<string, (m: ResourceModel, id: unknown) => Promise<LightMyRequestResponse>> = {
  'its delete': (m, id) => h.svc('DELETE', item(m, id)),
  'the bulk delete': (m, id) => h.svc('DELETE', `${m.base}?${m.res.bulkDeleteParam}=${String(id)}`),
  'a bulk delete command': (m, id) => h.svc('POST', `${m.base}${BATCH_DELETE.path}`, { ids: [String(id)] }),
};

/** The refusal a delete answered: the 409 of a delete call, or the one id a bulk command reports. */
function refusalOf(res: LightMyRequestResponse): { code: string; message: string; details?: unknown[] } | undefined {
  if (res.statusCode === 409) return res.json();
  expect([200, 204], res.body).toContain(res.statusCode);
  return res.statusCode === 200 ? res.json().failed?.[0] : undefined;
}

async function remove(m: ResourceModel, id: unknown) {
  if (m.res.operations.includes('delete')) expect((await h.svc('DELETE', item(m, id))).statusCode).toBe(204);
  else await h.db.query(`DELETE FROM ${tableOf(m)} WHERE service = $1 AND kind = $2 AND id = $3`, [m.service.name, m.res.name, id]);
}

it('covers the references passport declares', () => {
  expect(cases.map(([name]) => name)).toEqual(
    expect.arrayContaining(['passport/personas.realmId → realms (restrict)', 'passport/personas.userId → users (cascade)', 'passport/users.realmId → realms (restrict)']),
  );
});

describe.each(cases)('%s', (_name, from, ref: ReferenceDecl) => {
  const to = modelOf(from, ref.resource);

  it.each(Object.keys(deletes))(`on deleting the ${to.res.singular.en} through %s: ${ref.onDelete}`, async (way) => {
    expect(to.res.operations, 'the referenced resource can be deleted').toContain('delete');
    const target = await make(to);
    const referrer = await make(from, { [ref.field]: target[ref.by ?? 'id'] });
    expect(referrer[ref.field]).toBe(target[ref.by ?? 'id']);
    const deleted = await deletes[way](to, target.id);
    const refusal = refusalOf(deleted);

    if (ref.onDelete === 'restrict') {
      expect(refusal?.code, deleted.body).toBe('IN_USE');
      expect(refusal?.message).toContain(String(referrer[from.res.titleField]));
      if (refusal?.details) expect(refusal.details).toContainEqual({ field: `/${from.res.name}/${String(referrer.id)}`, message: String(referrer[from.res.titleField]) });
      expect((await h.svc('GET', item(to, target.id))).statusCode).toBe(200);
      expect((await stored(from, referrer.id)).data[ref.field]).toBe(target[ref.by ?? 'id']);
      await remove(from, referrer.id);
      expect(refusalOf(await deletes[way](to, target.id))).toBeUndefined();
    } else if (ref.onDelete === 'cascade') {
      expect(refusal, deleted.body).toBeUndefined();
      expect(await stored(from, referrer.id)).toBeUndefined();
      const history = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND target = $2', [
        `${from.service.name}.${from.res.name}.delete`,
        referrer.id,
      ]);
      expect(history.rows[0].n).toBe(1);
    } else if (ref.onDelete === 'keep') {
      expect(refusal, deleted.body).toBeUndefined();
      expect((await stored(from, referrer.id)).data[ref.field]).toBe(target[ref.by ?? 'id']);
      await remove(from, referrer.id);
    } else {
      expect(refusal, deleted.body).toBeUndefined();
      const after = await stored(from, referrer.id);
      expect(after.data).not.toHaveProperty(ref.field);
      expect(after.version).toBe(Number(referrer.version) + 1);
      await remove(from, referrer.id);
    }
    expect((await h.svc('GET', item(to, target.id))).statusCode).toBe(404);
  });
});
