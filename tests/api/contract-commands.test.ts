/**
 * Contract tests of the engine's generic commands, generated from the registry: every declared import takes its
 * schema's `examples` as CSV and as JSON and lists them, and refuses a bad row with nothing stored; every export
 * answers a CSV with its header and one line per record; every bulk command changes the records it may and reports
 * the others. A command declared later is covered without new test code.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { refusedMessage } from '../../resources/action-call';
import type { CommandDecl } from '../../resources/types';
import { buildModel, type ResourceModel } from '../../server/engine/model';
import { columnName, exportColumns } from '../../server/engine/command-export';
import { listKeyOf } from '../../server/engine/list-routes';
import { makeRecord, referencesTo, storedRecord, withBulkDeletes } from './contract-deletes';
import { enableOnDemoApp, startHarness, type Harness } from './harness';
import { tableOf } from '../../server/engine/sql';

// With a bulk delete command on every referenced resource, so the reference rules are driven through one.
const offered = withBulkDeletes(services);
// A sub-resource is reached under a parent record: the engine's nesting has its own test (sub-resources), and the
// service's own tests cover its commands (as the contract suite leaves it out).
const models = offered.flatMap((s) => s.resources.map((r) => buildModel(s, r))).filter((m) => m.res.scope === 'app' && !m.res.singleton && !m.res.parent);
const commandsOf = (kind: CommandDecl['kind']) =>
  models.flatMap((m) => (m.res.commands ?? []).filter((c) => c.kind === kind).map((c) => [`${m.service.name}/${m.res.name}.${c.name}`, m, c] as const));

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ services: offered });
  await enableOnDemoApp(h, offered.map((s) => s.name));
});
afterAll(() => h.close());

const examplesOf = (m: ResourceModel) => structuredClone((m.res.schema.examples ?? []) as Record<string, unknown>[]);

/** Rows as a CSV file: a header of every field the rows use, objects and arrays written as JSON. */
function toCsv(rows: Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) => {
    const text = v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n');
}

/** Every record of the resource in the demo app, as its list answers them. */
async function listed(m: ResourceModel): Promise<Record<string, unknown>[]> {
  if (m.service.convention === 'passport') return (await h.svc('POST', `${m.base}/search`, { count: 1000, start: 0 })).json()[listKeyOf(m)];
  return (await h.svc('GET', `${m.base}?pageSize=200`)).json().items;
}

const stored = async (m: ResourceModel) =>
  Number((await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tableOf(m)} WHERE service = $1 AND kind = $2 AND scope_id = $3`, [m.service.name, m.res.name, h.appId])).rows[0].n);

async function removeAll(m: ResourceModel, ids: unknown[]) {
  await h.db.query(`DELETE FROM ${tableOf(m)} WHERE service = $1 AND kind = $2 AND id = ANY($3::text[])`, [m.service.name, m.res.name, ids.map(String)]);
}

describe.each(commandsOf('import'))('%s (import)', (_name, m, command) => {
  const url = `${m.base}${command.path}`;

  it.each(['csv', 'json'] as const)("stores the schema's examples sent as %s and lists them", async (format) => {
    const examples = examplesOf(m);
    const content = format === 'csv' ? toCsv(examples) : JSON.stringify(examples);
    const res = await h.svc('POST', url, { format, content });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ total: examples.length, imported: examples.length, failed: [] });
    const items = await listed(m);
    const mine = examples.map((e) => items.find((i) => Object.entries(e).every(([k, v]) => isDeepStrictEqual(i[k], v))));
    expect(mine.every(Boolean), JSON.stringify(examples)).toBe(true);
    if (m.res.status) expect(mine.map((i) => i![m.res.status!.field])).toEqual(examples.map(() => m.res.status!.initial));
    // The next format imports the same examples: their unique fields must be free again.
    await removeAll(m, mine.map((i) => i![m.res.idField]));
  });

  it('reports a bad row by its number and stores nothing of the file', async () => {
    const [good] = examplesOf(m);
    const before = await stored(m);
    const res = await h.svc('POST', url, { format: 'json', content: JSON.stringify([{ ...good, notAField: 1 }]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ total: 1, imported: 0, failed: [{ row: 1, errors: [{ field: '/notAField', message: 'unknown field' }] }] });
    expect(await stored(m)).toBe(before);
  });

  it('refuses a file that is not a list of records', async () => {
    expect((await h.svc('POST', url, { format: 'json', content: '{"not":"a list"}' })).statusCode).toBe(400);
    expect((await h.svc('POST', url, { format: 'csv', content: '' })).statusCode).toBe(400);
  });
});

describe.each(commandsOf('export'))('%s (export)', (_name, m, command) => {
  it('answers a CSV attachment: the header, then one line per record of the app', async () => {
    const examples = examplesOf(m);
    const ids = [];
    for (const e of examples) ids.push(String((await h.ctx.store.insert(m, h.appId, randomUUID(), e, m.res.status?.initial ?? null)).id));
    await h.ctx.store.insert(m, h.otherAppId, randomUUID(), examples[0], m.res.status?.initial ?? null);
    const res = await h.svc('GET', `${m.base}${command.path}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    const columns = exportColumns(m, command).map(columnName);
    expect(header).toEqual(columns);
    expect(rows).toHaveLength(await stored(m));
    // Each example's plain fields come back as they were stored.
    for (const e of examples) {
      const plain = columns.filter((c) => ['string', 'number', 'boolean'].includes(typeof e[c]));
      expect(plain.length).toBeGreaterThan(0);
      expect(rows.some((r) => plain.every((c) => r[columns.indexOf(c)] === String(e[c]))), JSON.stringify(e)).toBe(true);
    }
    await removeAll(m, ids);
  });
});

describe.each(commandsOf('bulk'))('%s (bulk)', (_name, m, command) => {
  const action = (m.res.actions ?? []).find((a) => a.name === command.bulk?.apply);
  const countKey = command.bulk?.countKey ?? 'done';

  const [example] = examplesOf(m);
  // Stored directly (some resources have no create), each with its unique fields made its own.
  const fresh = () => ({ ...structuredClone(example), ...Object.fromEntries((m.res.unique ?? []).map((f) => [f, `${String(example[f])}-${randomUUID()}`])) });
  const make = (status: string | null = m.res.status?.initial ?? null) => h.ctx.store.insert(m, h.appId, randomUUID(), fresh(), status);

  it('changes each record it may, and reports the others by id with nothing changed', async () => {
    const movable = await make(action ? action.from[0] : (m.res.status?.initial ?? null));
    const stuck = action ? await make(Object.keys(m.res.status!.values).find((s) => !action.from.includes(s))!) : undefined;
    const theirs = await h.ctx.store.insert(m, h.otherAppId, randomUUID(), fresh(), m.res.status?.initial ?? null);
    const ids = [movable.id, ...(stuck ? [stuck.id] : []), theirs.id].map(String);
    const res = await h.svc('POST', `${m.base}${command.path}`, { ids });
    expect(res.statusCode, res.body).toBe(200);
    const failed = [
      ...(stuck && action ? [{ id: stuck.id, code: 'INVALID_TRANSITION', message: refusedMessage(action) }] : []),
      { id: theirs.id, code: 'NOT_FOUND', message: 'not found' },
    ];
    expect(res.json()).toEqual({ total: ids.length, [countKey]: 1, failed });
    const now = await h.svc('GET', `${m.base}/${String(movable.id)}`);
    if (action) expect(now.json()[m.res.status!.field]).toBe(action.to);
    else expect(now.statusCode).toBe(404);
    if (stuck) expect((await h.svc('GET', `${m.base}/${String(stuck.id)}`)).json()[m.res.status!.field]).toBe(stuck[m.res.status!.field]);
    expect((await h.db.query(`SELECT status FROM ${tableOf(m)} WHERE id = $1`, [theirs.id])).rows[0].status).toBe(theirs[m.res.status?.field ?? ''] ?? null);
  });

  const referrers = action ? [] : referencesTo(models, m);
  if (referrers.length) it('deletes as the one-record delete does: a record still in use is reported by its id, what refers to the others follows its rule', async () => {
    for (const [from, ref] of referrers) {
      const [used, free] = [await make(), await make()];
      const value = used[ref.by ?? 'id'];
      const referrer = await makeRecord(h, from, { [ref.field]: value });
      const res = await h.svc('POST', `${m.base}${command.path}`, { ids: [used.id, free.id].map(String) });
      const restrict = ref.onDelete === 'restrict';
      const title = String(referrer[from.res.titleField]);
      const failed = restrict ? [{ id: used.id, code: 'IN_USE', message: expect.stringContaining(title) }] : [];
      expect(res.json(), ref.field).toEqual({ total: 2, [countKey]: restrict ? 1 : 2, failed });
      expect([Boolean(await storedRecord(h, m, used.id)), Boolean(await storedRecord(h, m, free.id))]).toEqual([restrict, false]);
      const after = await storedRecord(h, from, referrer.id);
      if (ref.onDelete === 'cascade') expect(after).toBeUndefined();
      else expect(after.data[ref.field]).toBe(restrict || ref.onDelete === 'keep' ? value : undefined);
      await removeAll(from, [referrer.id]);
      await removeAll(m, [used.id]);
    }
  });
});

describe('the generic commands declared', () => {
  it('include at least one of each kind, so the tests above run', () => {
    expect([commandsOf('import').length, commandsOf('export').length, commandsOf('bulk').length].every((n) => n > 0)).toBe(true);
  });
});
