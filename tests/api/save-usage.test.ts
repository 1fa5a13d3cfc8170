import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStorageDay } from '../../server/services/save/usage';
import { startHarness, type Harness } from './harness';
import { fetchUrl, S } from './save-fixtures';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const sum = async () => (await h.svc('GET', `${S}/usage/daily/sum`)).json();

describe('cloud saves: usage priced by billing', () => {
  it('counts the traffic of a download and prices it per GB at 1.2', async () => {
    const before = await sum();
    const data = { blob: 'x'.repeat(100_000) };
    const saved = (await h.svc('POST', `${S}/saves`, { playerId: 'p-usage', data })).json();
    const link = (await h.svc('GET', `${S}/saves/${saved.id}/download-url`)).json();
    expect((await fetchUrl(h, link.url)).statusCode).toBe(200);
    const after = await sum();
    expect(after.trafficBytes - before.trafficBytes).toBe(JSON.stringify(data).length);
  });

  it("records each finished day's bytes held once, in GB-days, and lists the players holding most", async () => {
    await h.svc('POST', `${S}/saves`, { playerId: 'p-top', slot: 'a', data: { pad: 'y'.repeat(5000) } });
    // Three days on, the day before is one no run has recorded yet.
    const later = new Date(Date.now() + 3 * 86_400_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(later.getTime() - 86_400_000));
    expect(await recordStorageDay(h.ctx, later)).toContain(h.appId);
    // A second run for the same day records nothing more.
    expect(await recordStorageDay(h.ctx, later)).not.toContain(h.appId);
    const all = (await h.svc('GET', `${S}/saves?pageSize=100`)).json();
    const held = all.items.reduce((n: number, s: { size: number }) => n + s.size, 0);
    const daily = (await h.svc('GET', `${S}/usage/daily?from=${day}&to=${day}`)).json();
    expect(daily.days).toEqual([expect.objectContaining({ day, storedBytes: held, storageGbDays: held / 1e9 })]);
    // The first test's player holds 100 kB, this one 5 kB, the demo's players less than 1 kB each.
    const top = (await h.svc('GET', `${S}/usage/daily/top?k=2`)).json();
    expect(top.items).toEqual([
      { playerId: 'p-usage', bytes: JSON.stringify({ blob: 'x'.repeat(100_000) }).length, saves: 1 },
      { playerId: 'p-top', bytes: JSON.stringify({ pad: 'y'.repeat(5000) }).length, saves: 1 },
    ]);
  });

  it('prices a month of a terabyte held at 0.004 per GB-day through billing', async () => {
    // 1000 GB held for one day: 1000 GB-days at 0.004 = 4.00.
    await h.db.query(`INSERT INTO usage_daily (day, app_id, service, meter, quantity) VALUES ('2026-01-15', $1, 'save', 'storage', 1e12), ('2026-01-15', $1, 'save', 'upload', 20000)`, [h.appId]);
    const res = (await h.svc('GET', `${S}/usage/daily/sum?from=2026-01-15&to=2026-01-15`)).json();
    // Storage 4.00 and 20,000 uploads at 0.8 per 10,000: 1.60.
    expect(res).toMatchObject({ storageGbDays: 1000, uploads: 20000, amount: '5.60' });
  });
});
