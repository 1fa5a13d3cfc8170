import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS } from '../../resources/storage/metrics';
import { connectTo, createDatabase, D, startStorage, type Created, type StorageHarness } from './storage-fixtures';

let h: StorageHarness;
beforeAll(async () => {
  h = await startStorage({ STORAGE_METRICS_INTERVAL_SECONDS: '1', JOB_LEASE_MS: '2000' });
}, 180_000);
afterAll(() => h?.close());

const PASSWORD = 'Sturdy#Pass42';

interface Point {
  at: string;
  connections: number;
  sizeBytes?: number;
  operations?: number;
  keys?: number;
}

const metricsOf = async (id: string, store = h.store) => {
  const res = await store('GET', `${D}/${id}/metrics`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Point[]; metrics: string[]; engine: string; intervalSeconds: number };
};

/** Waits for a sample of the database for which `ok` holds; answers the whole series then. */
async function sampleWhere(id: string, ok: (p: Point, all: Point[]) => boolean): Promise<Point[]> {
  for (let i = 0; i < 240; i++) {
    const { items } = await metricsOf(id);
    if (items.some((p) => ok(p, items))) return items;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('no such sample came');
}

let big: Created;
let small: Created;
let rival: Created;

describe('database metrics', () => {
  it('are sampled on a schedule, and a sample after real writes shows the database grown, its operations and connection', async () => {
    big = await createDatabase(h, { name: 'metrics-big', username: 'bigone', password: PASSWORD });
    small = await createDatabase(h, { name: 'metrics-small', username: 'smallone', password: PASSWORD });
    const first = (await sampleWhere(big.id, (p) => typeof p.sizeBytes === 'number'))[0];
    expect(first.sizeBytes).toBeGreaterThan(0);
    const sampledBefore = new Date().toISOString();

    const client = await connectTo(big, PASSWORD);
    await client.query('CREATE TABLE events (id serial PRIMARY KEY, body text NOT NULL)');
    for (let i = 0; i < 10; i++) await client.query("INSERT INTO events (body) SELECT repeat('x', 200) FROM generate_series(1, 2000)");
    const afterWrites = new Date().toISOString();
    const series = await sampleWhere(big.id, (p) => p.at > afterWrites && p.connections >= 1);
    const later = series.filter((p) => p.at > afterWrites);
    expect(later[0].sizeBytes! - first.sizeBytes!).toBeGreaterThan(10 * 2000 * 200);
    expect(later[0].connections).toBe(1);
    // The 11 statements above (and the client's own) were counted between the first sample and this one.
    const counted = series.filter((p) => p.at > sampledBefore && p.at <= later[0].at).reduce((n, p) => n + (p.operations ?? 0), 0);
    expect(counted).toBeGreaterThanOrEqual(11);
    await client.end();
    await sampleWhere(big.id, (p, all) => p.connections === 0 && p.at > all.find((q) => q.connections === 1)!.at);
    // Oldest first.
    expect(series.map((p) => p.at)).toEqual([...series.map((p) => p.at)].sort());
  }, 120_000);

  it('say which metrics an embedded database gives, and answer none of another app’s database', async () => {
    const body = await metricsOf(big.id);
    expect(body.engine).toBe('postgresql');
    expect(body.intervalSeconds).toBe(1);
    expect(body.metrics.sort()).toEqual(['connections', 'operations', 'sizeBytes']);
    expect(body.items.every((p) => p.keys === undefined)).toBe(true);
    rival = (await h.otherStore('POST', D, { name: 'rival-db', engine: 'postgresql', region: 'ap-shanghai', instanceType: 's1', username: 'rival', password: PASSWORD })).json();
    expect((await h.otherStore('GET', `${D}/${big.id}/metrics`)).statusCode).toBe(404);
    expect((await h.store('GET', `${D}/${big.id}/metrics?hours=0`)).statusCode).toBe(400);
  });

  it('list the supported metrics with their units and where each engine reads them', async () => {
    const res = await h.store('GET', `${D}/supported-metrics-info`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.intervalSeconds).toBe(1);
    expect(body.items.map((m: { name: string }) => m.name)).toEqual(['connections', 'sizeBytes', 'operations', 'keys']);
    const redis = body.items.filter((m: { from: Record<string, string> }) => 'redis' in m.from).map((m: { name: string }) => m.name);
    expect(redis).toEqual(['connections', 'sizeBytes', 'keys']);
    expect(body.items.find((m: { name: string }) => m.name === 'sizeBytes').unit).toBe('bytes');
    expect(METRICS.length).toBe(4);
  });
});

describe('top databases', () => {
  it('rank the app’s own databases by a metric’s latest sample, largest first', async () => {
    await sampleWhere(small.id, (p) => typeof p.sizeBytes === 'number');
    const res = await h.store('GET', `${D}/topk?metric=sizeBytes&k=5`);
    expect(res.statusCode).toBe(200);
    const { items, metric } = res.json();
    expect(metric).toBe('sizeBytes');
    expect(items.map((i: { databaseId: string }) => i.databaseId)).toEqual([big.id, small.id]);
    expect(items[0].value).toBeGreaterThan(items[1].value);
    expect(items[0]).toMatchObject({ name: 'metrics-big', engine: 'postgresql' });
    expect((await h.store('GET', `${D}/topk?metric=sizeBytes&k=1`)).json().items.map((i: { name: string }) => i.name)).toEqual(['metrics-big']);
    const ops = (await h.store('GET', `${D}/topk?metric=operations`)).json().items;
    expect(ops[0].databaseId).toBe(big.id);
    const theirs = (await h.otherStore('GET', `${D}/topk`)).json().items.map((i: { databaseId: string }) => i.databaseId);
    expect(theirs).not.toContain(big.id);
    expect(theirs).not.toContain(small.id);
    expect((await h.store('GET', `${D}/topk?metric=password`)).statusCode).toBe(400);
  });
});

describe('databases per day', () => {
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

  it('count the databases created each day, in all and per engine, for the app alone', async () => {
    const res = await h.store('GET', `${D}/daily-new-metrics?from=${today()}&to=${today()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toEqual([{ day: today(), count: 2 }]);
    expect(body.byEngine).toEqual([{ day: today(), engine: 'postgresql', count: 2 }]);
    expect((await h.otherStore('GET', `${D}/daily-new-metrics?from=${today()}&to=${today()}`)).json().days).toEqual([{ day: today(), count: 1 }]);
    const thirty = (await h.store('GET', `${D}/daily-new-metrics`)).json();
    expect(thirty.days).toHaveLength(30);
    expect(thirty.days.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(2);
    expect((await h.store('GET', `${D}/daily-new-metrics?from=2026-02-01&to=2026-01-01`)).statusCode).toBe(400);
  });

  it('give the databases in existence at each day’s end, counting a deletion', async () => {
    const before = (await h.store('GET', `${D}/daily-pit-metrics?to=${today()}`)).json().days;
    expect(before.at(-1)).toEqual({ day: today(), count: 2, created: 2, deleted: 0 });
    expect(before.at(-2).count).toBe(0);
    expect((await h.store('DELETE', `${D}/${small.id}`)).statusCode).toBeLessThan(300);
    const after = (await h.store('GET', `${D}/daily-pit-metrics?to=${today()}`)).json().days;
    expect(after.at(-1)).toEqual({ day: today(), count: 1, created: 2, deleted: 1 });
    expect(after.at(-2).count).toBe(0);
    expect((await h.otherStore('GET', `${D}/daily-pit-metrics?to=${today()}`)).json().days.at(-1).count).toBe(1);
    expect(rival.id).toBeTruthy();
  });
});
