/**
 * Every player read and lookup passport declares (`ResourceDecl.player`, `ResourceDecl.lookups`), checked from the
 * declarations alone: each is mounted and documented, a player's read answers that player's records and never
 * another player's or another app's (records stored here with the same owner ids in the other app), each declared
 * filter narrows the answer to its value, and a lookup answers only its own app's records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema, LookupDecl, PlayerReadDecl } from '../../resources/types';
import { passport } from '../../resources/passport';
import type { ResourceModel } from '../../server/engine/model';
import { buildOpenApi } from '../../server/engine/openapi';
import { records } from '../../server/engine/query';
import type { Data } from '../../server/engine/store';
import { issuePlayerToken } from '../../server/services/passport/players/principal';
import { startHarness, type Harness } from './harness';
import { asPlayer, call, newPlayer, newUser, unique, type TestPlayer } from './passport-identity-fixtures';

let h: Harness;
let me: TestPlayer;
let stranger: TestPlayer;

beforeAll(async () => {
  h = await startHarness();
  me = await newPlayer(h);
  stranger = await newPlayer(h);
});
afterAll(async () => {
  await h?.close();
});

const models = () => [...h.ctx.models.values()].filter((m) => m.service.name === passport.name);
const reads = passport.resources.flatMap((r) => (r.player ?? []).map((read) => [r.name, read.path, read] as const));
const lookups = passport.resources.flatMap((r) => (r.lookups ?? []).map((l) => [r.name, l.path, l] as const));
const modelOf = (name: string) => models().find((m) => m.res.name === name)!;
const props = (m: ResourceModel) => (m.res.schema.properties ?? {}) as Record<string, JsonSchema>;

/** Two distinct values a filter field may take (its enum's first two, or two new ids). */
function twoValues(m: ResourceModel, field: string): [string, string] {
  const values = props(m)[field]?.enum as string[] | undefined;
  return values && values.length > 1 ? [values[0], values[1]] : [unique('fa'), unique('fb')];
}

/** Stores a record straight in `scope` (no create checks: the read is what is tested), the state in its column. */
async function put(m: ResourceModel, scope: string, fields: Data): Promise<string> {
  const status = m.res.status?.field;
  const { [status ?? '']: state, ...data } = fields;
  const stored = await records(h.db, m).insert(scope, data, state === undefined ? {} : { status: String(state) });
  return String(stored.id);
}

/** The owner fields of a record of `who`, as the read declares them (`none`: the persona-or-none fields left out). */
function ownedBy(read: PlayerReadDecl, who: TestPlayer, persona: string | null = who.personaId): Data {
  const out: Data = {};
  for (const [field, kind] of Object.entries(owners(read))) {
    if (kind === 'user') out[field] = who.userId;
    else if (kind === 'persona' || persona !== null) out[field] = persona;
  }
  return out;
}

/** The owner fields of a read (none for a read of the whole app's records). */
const owners = (read: PlayerReadDecl) => (read.owner === 'app' ? {} : read.owner);

/** The read's fixed conditions, satisfied. */
const live = (read: PlayerReadDecl): Data => Object.fromEntries(Object.entries(read.where ?? {}).map(([f, v]) => [f, Array.isArray(v) ? v[0] : v]));

const readUrl = (read: PlayerReadDecl, query = '') => `${passport.base}${read.path}${read.unpaged ? (query ? `?${query}` : '') : `?count=1000${query ? `&${query}` : ''}`}`;

async function answer(read: PlayerReadDecl, who: TestPlayer, query = ''): Promise<Data[]> {
  const res = await asPlayer(h, who, 'GET', readUrl(read, query));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.total).toBe(body[read.listKey].length);
  return body[read.listKey];
}
const idsOf = (rows: Data[]) => rows.map((r) => String(r.id));

describe('declared player reads', () => {
  it('are declared for the spec calls this covers', () => {
    expect(reads.map(([, path]) => path).sort()).toEqual(['/sdk/entitlements', '/sdk/guilds', '/sdk/inventory', '/sdk/personas', '/sdk/products', '/sdk/reports']);
  });

  it('are each mounted for players and documented', () => {
    const paths = buildOpenApi(h.api.routes, 'test').paths as Record<string, Record<string, unknown>>;
    for (const [, , read] of reads) {
      const url = `${passport.base}${read.path}`;
      expect(h.api.routes.filter((r) => r.method === 'GET' && r.url === url).map((r) => r.auth)).toEqual(['player']);
      expect(Object.keys(paths[url] ?? {})).toContain('get');
    }
  });

  it.each(reads)("%s %s answers the player's own records only, never another player's or another app's", async (resource, _path, read) => {
    const m = modelOf(resource);
    const mine = [await put(m, h.appId, { ...live(read), ...ownedBy(read, me) })];
    if (Object.values(owners(read)).includes('persona-or-none')) mine.push(await put(m, h.appId, { ...live(read), ...ownedBy(read, me, null) }));
    const theirs = [
      // The same owner ids in another app: the app is part of who the player is.
      await put(m, h.otherAppId, { ...live(read), ...ownedBy(read, me) }),
    ];
    if (read.owner !== 'app') theirs.push(await put(m, h.appId, { ...live(read), ...ownedBy(read, stranger) }));
    if (Object.values(owners(read)).some((k) => k !== 'user')) theirs.push(await put(m, h.appId, { ...live(read), ...ownedBy(read, me, unique('persona')) }));
    const rows = await answer(read, me);
    expect(idsOf(rows)).toEqual(expect.arrayContaining(mine));
    expect(idsOf(rows).filter((id) => theirs.includes(id))).toEqual([]);
    for (const row of rows) expect(row).toMatchObject(Object.fromEntries(Object.entries(owners(read)).filter(([, k]) => k === 'user').map(([f]) => [f, me.userId])));
  });

  it.each(reads.filter(([, , r]) => r.where))('%s %s answers only what its fixed conditions allow', async (resource, _path, read) => {
    const m = modelOf(resource);
    const [field, allowed] = Object.entries(read.where!)[0];
    const other = twoValues(m, field).find((v) => !(Array.isArray(allowed) ? allowed : [allowed]).includes(v as never))!;
    const hidden = await put(m, h.appId, { ...live(read), ...ownedBy(read, me), [field]: other });
    expect(idsOf(await answer(read, me))).not.toContain(hidden);
  });

  it.each(reads.flatMap(([resource, path, read]) => (read.filters ?? []).map((f) => [resource, path, f, read] as const)))('%s %s filters on %s', async (resource, _path, field, read) => {
    const m = modelOf(resource);
    const [a, b] = twoValues(m, field);
    const withA = await put(m, h.appId, { ...live(read), ...ownedBy(read, me), [field]: a });
    const withB = await put(m, h.appId, { ...live(read), ...ownedBy(read, me), [field]: b });
    const rows = await answer(read, me, `${field}=${encodeURIComponent(a)}`);
    expect(idsOf(rows)).toContain(withA);
    expect(idsOf(rows)).not.toContain(withB);
    expect(rows.every((r) => r[field] === a)).toBe(true);
  });

  it.each(reads.filter(([, , r]) => r.persona || Object.values(owners(r)).includes('persona')))('%s %s needs a selected persona', async (_resource, _path, read) => {
    const { token } = await issuePlayerToken(h.db, h.appId, await newUser(h));
    const res = await asPlayer(h, { token }, 'GET', readUrl(read));
    expect([res.statusCode, res.json().code]).toEqual([409, 'PERSONA_NOT_SELECTED']);
  });

  it.each(reads.filter(([, , r]) => r.search))('%s %s searches its list search fields with q', async (resource, _path, read) => {
    const m = modelOf(resource);
    const [field] = m.res.list.search!;
    const word = unique('Needle');
    const hit = await put(m, h.appId, { ...live(read), ...ownedBy(read, me), [field]: `a ${word} b` });
    const miss = await put(m, h.appId, { ...live(read), ...ownedBy(read, me), [field]: unique('hay') });
    const rows = await answer(read, me, `q=${encodeURIComponent(word.toLowerCase())}`);
    expect(idsOf(rows)).toEqual([hit]);
    expect(idsOf(await answer(read, me))).toEqual(expect.arrayContaining([hit, miss]));
    const tooLong = await asPlayer(h, me, 'GET', readUrl(read, `q=${'x'.repeat(read.search! + 1)}`));
    expect(tooLong.statusCode).toBe(400);
  });

  const besides = reads.flatMap(([resource, path, read]) => Object.entries(read.alongside ?? {}).map(([key, b]) => [resource, path, key, b, read] as const));
  it.each(besides)("%s %s answers %s beside its list: the app's records, in order, up to the limit", async (_r, _p, key, beside, read) => {
    const m = modelOf(beside.resource);
    const [field] = (Array.isArray(beside.orderBy) ? beside.orderBy : [beside.orderBy]).map((o) => o.replace(/^-/, ''));
    const numeric = ['integer', 'number'].includes(String(props(m)[field]?.type));
    const desc = String(Array.isArray(beside.orderBy) ? beside.orderBy[0] : beside.orderBy).startsWith('-');
    // Values ahead of anything stored, so both come in the first `limit`.
    const [first, second] = numeric ? (desc ? [1e9 + 1, 1e9] : [-1e9 - 1, -1e9]) : desc ? ['~~b', '~~a'] : ['  a', '  b'];
    const later = await put(m, h.appId, { [field]: second });
    const earlier = await put(m, h.appId, { [field]: first });
    const foreign = await put(m, h.otherAppId, { [field]: first });
    const res = await asPlayer(h, me, 'GET', readUrl(read));
    const ids = idsOf(res.json()[key]);
    expect(ids.slice(0, 2)).toEqual([earlier, later]);
    expect(ids).not.toContain(foreign);
    await records(h.db, m).insertMany(h.appId, Array.from({ length: beside.limit }, () => ({ data: { [field]: second } })));
    expect((await asPlayer(h, me, 'GET', readUrl(read))).json()[key]).toHaveLength(beside.limit);
  });

  it.each(reads.filter(([, , r]) => r.paging))('%s %s keeps its own paging bounds', async (resource, _path, read) => {
    const m = modelOf(resource);
    const { max, count, lastStart } = read.paging!;
    const url = `${passport.base}${read.path}`;
    const { [m.res.status?.field ?? '']: state, ...data } = { ...live(read), ...ownedBy(read, me) };
    const status = state === undefined ? undefined : String(state);
    await records(h.db, m).insertMany(h.appId, Array.from({ length: count + 1 }, () => ({ data, status })));
    expect((await asPlayer(h, me, 'GET', url)).json()[read.listKey]).toHaveLength(count);
    expect((await asPlayer(h, me, 'GET', `${url}?count=${max + 1}`)).statusCode).toBe(400);
    expect((await asPlayer(h, me, 'GET', `${url}?start=${lastStart + 1}`)).statusCode).toBe(400);
    expect((await asPlayer(h, me, 'GET', `${url}?start=${lastStart}`)).statusCode).toBe(200);
  });

  it.each(reads)('%s %s refuses a call without a player token', async (_resource, _path, read) => {
    expect((await call(h, { authorization: h.basic }, 'GET', readUrl(read))).statusCode).toBe(401);
  });
});

/** A value of the looked-up field for a stored record. */
function lookupFields(m: ResourceModel, l: LookupDecl, value: string): Data {
  const fields = l.groupBy ? [l.groupBy] : (l.fields ?? []).filter((f) => f !== 'id' && f !== m.res.status?.field);
  return Object.fromEntries(fields.map((f) => [f, props(m)[f]?.enum ? (props(m)[f].enum as string[])[0] : value]));
}

describe('declared lookups', () => {
  it.each(lookups)('%s %s is mounted, documented, and answers its own app only', async (resource, _path, l) => {
    const m = modelOf(resource);
    const url = `${passport.base}${l.path}`;
    expect(h.api.routes.filter((r) => r.method === 'GET' && r.url === url).map((r) => r.auth)).toEqual(['service']);
    const ours = unique('ours');
    const theirs = unique('theirs');
    const kept = await put(m, h.appId, lookupFields(m, l, ours));
    const foreign = await put(m, h.otherAppId, lookupFields(m, l, theirs));
    const res = await call(h, { authorization: h.basic }, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json()[l.listKey] as Data[];
    expect(res.json().total).toBe(items.length);
    if (l.fields) {
      expect(items.map((i) => i.id)).toContain(kept);
      expect(items.map((i) => i.id)).not.toContain(foreign);
      for (const item of items) expect(Object.keys(item).every((k) => l.fields!.includes(k))).toBe(true);
    } else {
      const as = l.as ?? 'name';
      const value = lookupFields(m, l, ours)[l.groupBy!];
      const stored = await records(h.db, m).count(h.appId, { [l.groupBy!]: value as string });
      expect(items.find((i) => i[as] === value)).toEqual({ [as]: value, count: stored });
      expect(items.map((i) => i[as])).not.toContain(theirs);
    }
    expect((await call(h, {}, 'GET', url)).statusCode).toBe(401);
  });
});
