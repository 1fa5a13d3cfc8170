/**
 * Contract tests of write-only fields (secrets), generated from the registry: for every declared `writeOnly` field,
 * its value is never answered — by create, show, the list, update, a state action or the operation history — an
 * update that leaves it out keeps it, and one that carries a new value replaces it. The calls are the declared ones,
 * whether the engine serves them or the service does (`implementedBy`), each record named in item paths the way
 * the console names it (its slug where it has one).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { actionCall } from '../../resources/action-call';
import { actionAccess, setFieldOf } from '../../resources/field-access';
import { buildModel, type ResourceModel } from '../../server/engine/model';
import { records } from '../../server/engine/query';
import { listKeyOf } from '../../server/engine/list-routes';
import { addressOf } from '../../src/engine/routes';
import { actionPayload } from './contract-callers';
import { startHarness, type Harness } from './harness';

type Data = Record<string, unknown>;

const models = services
  .flatMap((s) => s.resources.map((r) => buildModel(s, r)))
  // A sub-resource is reached under a parent record (push's channel providers under their push app): its service's
  // own tests check its secrets through the calls that reach it.
  .filter((m) => m.res.scope === 'app' && !m.res.singleton && !m.res.parent && m.writeOnly.length > 0);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('finds write-only fields to check', () => {
  expect(models.map((m) => `${m.service.name}/${m.res.name}`)).toContain('passport/id-providers');
});

const has = (m: ResourceModel, op: string) => m.res.operations.includes(op as never);
const item = (m: ResourceModel, address: string) => `${m.base}/${encodeURIComponent(address)}`;

/** Every record the list answers, in the resource's convention. */
async function listed(m: ResourceModel): Promise<{ body: string; items: Data[] }> {
  const res = m.res.list.unpaged
    ? await h.svc('GET', m.base)
    : m.service.convention === 'passport'
      ? await h.svc('POST', `${m.base}/search`, { count: 1000, start: 0 })
      : await h.svc('GET', `${m.base}?pageSize=200`);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, items: res.json()[m.service.convention === 'passport' ? listKeyOf(m) : 'items'] };
}

/** The operation-history entries holding this text anywhere. */
const historyHolding = async (text: string) =>
  Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE strpos(coalesce(before::text, \'\') || coalesce(after::text, \'\'), $1) > 0', [text])).rows[0].n);

describe.each(models.flatMap((m) => m.writeOnly.map((f) => [`${m.service.name}/${m.res.name} ${f}`, m, f] as const)))('%s', (_name, m, field) => {
  const example = ((m.res.schema.examples ?? []) as Data[])[0];
  const writable = Object.keys((m.createSchema.properties ?? {}) as Data).filter((k) => !m.writeOnly.includes(k));
  const bodyFrom = (answer: Data) => Object.fromEntries(writable.filter((k) => answer[k] !== undefined && answer[k] !== null).map((k) => [k, answer[k]]));

  /** A record holding `secret`: created through the API when it declares create, else stored as the service stores it. */
  async function make(secret: string): Promise<{ id: string; address: string }> {
    if (has(m, 'create')) {
      const created = await h.svc('POST', m.base, { ...example, [field]: secret });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.body).not.toContain(secret);
      expect(created.json()[setFieldOf(field)]).toBe(true);
      return { id: String(created.json()[m.res.idField]), address: addressOf(m.res, created.json()) };
    }
    const slug = m.res.addressBy;
    if (slug) await records(h.ctx.db, m).remove(h.appId, { [slug]: example[slug] as string });
    const stored = await h.ctx.store.insert(m, h.appId, randomUUID(), { ...example, [field]: secret }, m.res.status?.initial ?? null);
    return { id: String(stored[m.res.idField]), address: addressOf(m.res, stored) };
  }

  /**
   * A secret the field takes: `tag` and a random part, or, where its schema's pattern or length refuses that, the
   * example's value (which meets the service's own rules too) with a random part.
   */
  function secretOf(tag: string): string {
    const prop = ((m.createSchema.properties ?? {}) as Data)[field] as { pattern?: string; maxLength?: number } | undefined;
    const fits = (v: string) => (!prop?.maxLength || v.length <= prop.maxLength) && (!prop?.pattern || new RegExp(prop.pattern, 'u').test(v));
    const plain = `${tag}-${randomUUID()}`;
    if (fits(plain)) return plain;
    const random = randomUUID().replace(/-/g, '').slice(0, 12);
    return `${String(example[field]).slice(0, Math.max(0, (prop?.maxLength ?? 64) - random.length))}${random}`;
  }

  it('never answers it, keeps it when an update leaves it out, and replaces it when one carries it', async () => {
    const first = secretOf('first');
    const second = secretOf('second');
    const { id, address } = await make(first);
    const stored = async () => (await h.ctx.store.writeOnlyValues(m, h.appId, id))[field];
    expect(await stored()).toBe(first);

    const shown = await h.svc('GET', item(m, address));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.body).not.toContain(first);
    expect(shown.json()).not.toHaveProperty(field);
    expect(shown.json()[setFieldOf(field)]).toBe(true);

    if (has(m, 'list')) {
      const list = await listed(m);
      expect(list.body).not.toContain(first);
      const mine = list.items.find((r) => addressOf(m.res, r) === address);
      expect(mine?.[setFieldOf(field)]).toBe(true);
    }

    if (has(m, 'update')) {
      const kept = await h.svc('PUT', item(m, address), { ...bodyFrom(shown.json()), version: shown.json().version });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()[setFieldOf(field)]).toBe(true);
      expect(await stored()).toBe(first);

      const replaced = await h.svc('PUT', item(m, address), { ...bodyFrom(kept.json()), [field]: second, version: kept.json().version });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.body).not.toContain(second);
      expect(replaced.json()[setFieldOf(field)]).toBe(true);
      expect(await stored()).toBe(second);
      expect((await h.svc('GET', item(m, address))).body).not.toContain(second);
    }

    const current = (await h.svc('GET', item(m, address))).json() as Data;
    const status = m.res.status ? String(current[m.res.status.field]) : undefined;
    for (const action of m.res.actions ?? []) {
      if (action.implementedBy === 'service' || !actionAccess(m.res, action).includes('app') || !status || !action.from.includes(status)) continue;
      const call = actionCall(m.service, action);
      const acted = await h.svc(call.method, `${item(m, address)}${call.path}`, actionPayload(action));
      expect(acted.statusCode, `${action.name}: ${acted.body}`).toBe(200);
      expect(acted.body).not.toMatch(new RegExp(`${first}|${second}`));
      break;
    }

    expect(await historyHolding(first)).toBe(0);
    expect(await historyHolding(second)).toBe(0);
    if (has(m, 'delete')) expect((await h.svc('DELETE', item(m, address))).statusCode).toBe(204);
    else await records(h.ctx.db, m).remove(h.appId, { id });
  });
});
