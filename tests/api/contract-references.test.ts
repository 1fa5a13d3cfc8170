/**
 * Contract tests generated from the declared references (ADR 0015): for every reference, deleting the referenced
 * record does what the declaration says — `restrict` refuses with 409 naming the referrer and deletes nothing,
 * `cascade` deletes the referrer too (in the operation history), `set-null` clears the field. A reference declared
 * later is covered without new test code, through the schemas' `examples`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, type ReferenceDecl } from '../../resources';
import { buildModel, type ResourceModel } from '../../server/engine/model';
import { startHarness, type Harness } from './harness';

const models = services.flatMap((s) => s.resources.map((r) => buildModel(s, r))).filter((m) => m.res.scope === 'app' && !m.res.singleton);
const modelOf = (from: ResourceModel, name: string) => models.find((m) => m.service.name === from.service.name && m.res.name === name)!;
const cases = models.flatMap((m) =>
  (m.res.references ?? []).map((ref) => [`${m.service.name}/${m.res.name}.${ref.field} → ${ref.resource} (${ref.onDelete})`, m, ref] as const),
);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Rec = Record<string, unknown>;
const item = (m: ResourceModel, id: unknown) => `${m.base}/${String(id)}`;
const stored = async (m: ResourceModel, id: unknown) =>
  (await h.db.query<{ data: Rec; version: number }>('SELECT data, version FROM records WHERE service = $1 AND kind = $2 AND id = $3', [m.service.name, m.res.name, id])).rows[0];

/**
 * A record of `m` from its first example with `fields` put in: created through the API where it can carry them,
 * otherwise stored the way the service's own flow stores it (a guild's leader, a generated code).
 */
async function make(m: ResourceModel, fields: Rec = {}): Promise<Rec> {
  const example = { ...((m.res.schema.examples as Rec[])[0] ?? {}), ...fields };
  const writable = Object.keys(fields).every((f) => f in ((m.createSchema.properties ?? {}) as Rec));
  if (m.res.operations.includes('create') && writable) {
    const res = await h.svc('POST', m.base, example);
    expect(res.statusCode, `${m.res.name}: ${res.body}`).toBe(201);
    return res.json();
  }
  return h.ctx.store.insert(m, h.appId, randomUUID(), example, m.res.status?.initial ?? null);
}

async function remove(m: ResourceModel, id: unknown) {
  if (m.res.operations.includes('delete')) expect((await h.svc('DELETE', item(m, id))).statusCode).toBe(204);
  else await h.db.query('DELETE FROM records WHERE service = $1 AND kind = $2 AND id = $3', [m.service.name, m.res.name, id]);
}

it('covers the references passport declares', () => {
  expect(cases.map(([name]) => name)).toEqual(
    expect.arrayContaining(['passport/personas.realmId → realms (restrict)', 'passport/personas.userId → users (cascade)', 'passport/users.realmId → realms (restrict)']),
  );
});

describe.each(cases)('%s', (_name, from, ref: ReferenceDecl) => {
  const to = modelOf(from, ref.resource);

  it(`on deleting the ${to.res.singular.en}: ${ref.onDelete}`, async () => {
    expect(to.res.operations, 'the referenced resource can be deleted').toContain('delete');
    const target = await make(to);
    const referrer = await make(from, { [ref.field]: target[ref.by ?? 'id'] });
    expect(referrer[ref.field]).toBe(target[ref.by ?? 'id']);
    const deleted = await h.svc('DELETE', item(to, target.id));

    if (ref.onDelete === 'restrict') {
      expect(deleted.statusCode, deleted.body).toBe(409);
      const body = deleted.json();
      expect(body.code).toBe('IN_USE');
      expect(body.message).toContain(String(referrer[from.res.titleField]));
      expect(body.details).toContainEqual({ field: `/${from.res.name}/${String(referrer.id)}`, message: String(referrer[from.res.titleField]) });
      expect((await h.svc('GET', item(to, target.id))).statusCode).toBe(200);
      expect((await stored(from, referrer.id)).data[ref.field]).toBe(target[ref.by ?? 'id']);
      await remove(from, referrer.id);
      expect((await h.svc('DELETE', item(to, target.id))).statusCode).toBe(204);
    } else if (ref.onDelete === 'cascade') {
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await stored(from, referrer.id)).toBeUndefined();
      const history = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND target = $2', [
        `${from.service.name}.${from.res.name}.delete`,
        referrer.id,
      ]);
      expect(history.rows[0].n).toBe(1);
    } else {
      expect(deleted.statusCode, deleted.body).toBe(204);
      const after = await stored(from, referrer.id);
      expect(after.data).not.toHaveProperty(ref.field);
      expect(after.version).toBe(Number(referrer.version) + 1);
      await remove(from, referrer.id);
    }
    expect((await h.svc('GET', item(to, target.id))).statusCode).toBe(404);
  });
});
