/**
 * Contract tests of who may call what, generated from the registry: every state action that declares its own
 * `access` is refused (403) to the callers it leaves out, with the record left as it was, and served to those it
 * names. A rule declared later is covered without new test code.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { actionCall } from '../../resources/action-call';
import { buildModel } from '../../server/engine/model';
import { actionCallers, actionPayload, callWith, serviceCallers, type ServiceCaller } from './contract-callers';
import { startHarness, type Harness } from './harness';
import { tableOf } from '../../server/engine/sql';

const models = services.flatMap((s) => s.resources.map((r) => buildModel(s, r))).filter((m) => m.res.scope === 'app' && !m.res.singleton);
const ruled = models.flatMap((m) => (m.res.actions ?? []).filter((a) => a.access && a.implementedBy !== 'service').map((a) => [`${m.service.name}/${m.res.name} ${a.name}`, m, a] as const));

let h: Harness;
let callers: Record<ServiceCaller, Record<string, string>>;

beforeAll(async () => {
  h = await startHarness();
  callers = await serviceCallers(h);
});
afterAll(() => h.close());

it('finds per-action access rules to check', () => {
  expect(ruled.length).toBeGreaterThan(0);
});

describe.each(ruled)('%s', (_name, m, action) => {
  const stored = async (id: string) =>
    (await h.db.query<{ status: string; version: number; data: unknown }>(`SELECT status, version, data FROM ${tableOf(m)} WHERE service = $1 AND kind = $2 AND id = $3`, [m.service.name, m.res.name, id])).rows[0];

  it('is refused (403) to the callers it leaves out, with the record unchanged, and served to those it names', async () => {
    const example = ((m.res.schema.examples ?? []) as Record<string, unknown>[])[0];
    const record = await h.ctx.store.insert(m, h.appId, randomUUID(), structuredClone(example), action.from[0]);
    const id = String(record[m.res.idField]);
    const url = `${m.base}/${id}${actionCall(m.service, action).path}`;
    const { allowed, refused } = actionCallers(m.res, action);
    expect(refused.length, 'a rule that leaves none of the callers out says nothing').toBeGreaterThan(0);

    const before = await stored(id);
    for (const who of refused) {
      const res = await callWith(h, callers[who], actionCall(m.service, action).method, url, actionPayload(action));
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json().code).toBe('PERMISSION_DENIED');
      expect(await stored(id), who).toEqual(before);
    }
    const res = await callWith(h, callers[allowed[0]], actionCall(m.service, action).method, url, actionPayload(action));
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(id)).status).toBe(action.to);
    await h.db.query(`DELETE FROM ${tableOf(m)} WHERE service = $1 AND kind = $2 AND id = $3`, [m.service.name, m.res.name, id]);
  });

  it('documents who may call it in the API reference', async () => {
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json();
    const path = `${m.base}/{${m.idParam}}${actionCall(m.service, action).path}`;
    expect(doc.paths[path][actionCall(m.service, action).method.toLowerCase()]['x-access']).toEqual(action.access);
  });
});
