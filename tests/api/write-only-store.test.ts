/**
 * The engine's storage of write-only fields, on the real database: answers (one record, a list, the operation
 * history) never hold the value, an update that leaves it out keeps it, one that carries it replaces it, and the
 * service code reads it back through the store.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { services } from '../../resources';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { buildModel } from '../../server/engine/model';
import { audit } from '../../server/engine/write';
import { startHarness, type Harness } from './harness';
import { ensureIndexes } from '../../server/engine/indexes';

const vault: ResourceDecl = {
  name: 'vaults-under-test',
  label: { 'zh-CN': '保险库', en: 'Vaults' },
  singular: { 'zh-CN': '保险库', en: 'vault' },
  schema: { type: 'object', properties: { name: { type: 'string' }, secret: { type: 'string', writeOnly: true } } },
  path: '/vaults-under-test',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update'],
  list: { columns: ['name'] },
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
};
const passport = services.find((s) => s.name === 'passport')!;
const m = buildModel({ ...passport, resources: [vault] } as ServiceDecl, vault);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The test resource's own table, as a server declaring it would make at its start.
  await ensureIndexes(h.db, [m]);
});
afterAll(() => h.close());

it('never answers a write-only value, keeps it when an update leaves it out and replaces it when one carries it', async () => {
  const first = `first-${randomUUID()}`;
  const second = `second-${randomUUID()}`;
  const id = randomUUID();
  const created = await h.ctx.store.insert(m, h.appId, id, { name: 'a', secret: first }, null);
  expect(created).toMatchObject({ name: 'a', secretSet: true });
  expect(JSON.stringify(created)).not.toContain(first);
  const listed = await h.ctx.store.list(m, h.appId, { page: 1, pageSize: 10, filters: {} });
  expect(listed.items.map((r) => r.id)).toEqual([id]);
  expect(JSON.stringify(listed)).not.toContain(first);

  // The answer is all an update starts from: it carries no secret, and the stored one stays.
  const renamed = await h.ctx.store.update(m, h.appId, id, { data: { name: 'b' }, version: 1 });
  expect(renamed).toMatchObject({ name: 'b', secretSet: true, version: 2 });
  expect(await h.ctx.store.writeOnlyValues(m, h.appId, id)).toEqual({ secret: first });

  const replaced = await h.ctx.store.update(m, h.appId, id, { data: { name: 'b', secret: second } });
  expect(JSON.stringify(replaced)).not.toContain(second);
  expect(await h.ctx.store.writeOnlyValues(m, h.appId, id)).toEqual({ secret: second });
  const cleared = await h.ctx.store.update(m, h.appId, id, { data: { name: 'b', secret: '' } });
  expect(cleared.secretSet).toBe(false);

  const access = { principal: { kind: 'app' as const, actor: `app:${h.appId}`, app: {} as never }, scopeId: h.appId };
  await audit(h.ctx, access, m, 'update', id, renamed, replaced);
  const history = await h.db.query('SELECT before, after FROM audit_log WHERE target = $1', [id]);
  expect(history.rows).toHaveLength(1);
  expect(JSON.stringify(history.rows)).not.toMatch(new RegExp(`${first}|${second}`));
});
