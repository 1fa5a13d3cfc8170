import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/platform/accounts';
import { actorsOf, call, GB, use, type Actors } from './bills-fixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
let a: Actors;
let secondApp: string;

beforeAll(async () => {
  h = await startHarness();
  a = await actorsOf(h);
  secondApp = await createApp(h.db, a.demoOrg, 'Second Game', []);
  // 2025-03-01 23:59:59 and 2025-03-02 00:00:00 in Asia/Shanghai: either side of midnight.
  await use(h, h.appId, 'remote-config', 'fetch', 3, '2025-03-01T15:59:59Z');
  await use(h, h.appId, 'remote-config', 'fetch', 4, '2025-03-01T16:00:00Z');
  await use(h, h.appId, 'remote-config', 'fetch', 5, '2025-03-02T02:00:00Z');
  await use(h, secondApp, 'asset-streaming', 'traffic', 1000 * GB, '2025-03-01T04:00:00Z');
  await use(h, h.otherAppId, 'remote-config', 'fetch', 100, '2025-03-01T04:00:00Z');
});
afterAll(() => h.close());

// 2025-03-01 and 2025-03-02 in Asia/Shanghai: from 2025-02-28T16:00Z to 2025-03-02T16:00Z.
const TWO_DAYS = 'start=2025-02-28T16:00:00Z&end=2025-03-02T16:00:00Z';

describe('daily usage', () => {
  it('counts each event on its Asia/Shanghai day and adds events of one day together', async () => {
    const rows = await h.db.query<{ day: string; quantity: string }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day, quantity::text AS quantity FROM usage_daily WHERE app_id = $1 AND service = 'remote-config' ORDER BY day",
      [h.appId],
    );
    // 3 before midnight; 4 at midnight and 5 at 10:00 the next day
    expect(rows.rows).toEqual([
      { day: '2025-03-01', quantity: '3' },
      { day: '2025-03-02', quantity: '9' },
    ]);
  });

  it("answers an organisation's usage per day, service and meter, with units and list-price amounts", async () => {
    const res = await call(h, 'GET', `/api/usage?orgId=${a.demoOrg}&${TWO_DAYS}`, a.demo);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Granularity).toBe('day');
    expect(body.Series).toEqual([
      { Period: '2025-03-01', Service: 'asset-streaming', Meter: 'traffic', Quantity: String(1000 * GB), Units: '1200' },
      // 3 fetches = 0.0003 × 10,000
      { Period: '2025-03-01', Service: 'remote-config', Meter: 'fetch', Quantity: '3', Units: '0.0003' },
      { Period: '2025-03-02', Service: 'remote-config', Meter: 'fetch', Quantity: '9', Units: '0.0009' },
    ]);
    // CDN at list price: 1000 GB × 1.2 × 0.15 = 180.00 (the monthly free credit only applies on the bill);
    // 12 fetches × 1 / 10,000 = 0.0012 → 0.00
    expect(body.Services).toEqual([
      { Service: 'remote-config', Amount: '0.00' },
      { Service: 'asset-streaming', Amount: '180.00' },
    ]);
    expect(body.TotalAmount).toBe('180.00');
    expect(body.Apps.map((r: { ProjectName: string; Meter: string; Quantity: string }) => [r.ProjectName, r.Meter, r.Quantity])).toEqual([
      ['Demo Game', 'fetch', '12'],
      ['Second Game', 'traffic', String(1000 * GB)],
    ]);
  });

  it('answers per hour for a range that is not on whole days', async () => {
    // 23:00 to 01:00 in Asia/Shanghai across the midnight of 2025-03-02
    const res = await call(h, 'GET', `/api/usage?appId=${h.appId}&start=2025-03-01T15:00:00Z&end=2025-03-01T17:00:00Z`, a.demo);
    expect(res.statusCode).toBe(200);
    expect(res.json().Granularity).toBe('hour');
    expect(res.json().Series.map((s: { Period: string; Quantity: string }) => [s.Period, s.Quantity])).toEqual([
      ['2025-03-01 23:00', '3'],
      ['2025-03-02 00:00', '4'],
    ]);
  });

  it('narrows to one app', async () => {
    const res = await call(h, 'GET', `/api/usage?appId=${secondApp}&${TWO_DAYS}`, a.demo);
    expect(res.json().Apps).toHaveLength(1);
    expect(res.json().Apps[0]).toMatchObject({ AppId: secondApp, Units: '1200', Amount: '180.00' });
  });

  it("shows a member only their organisations' usage, and the back office everything", async () => {
    const mine = (await call(h, 'GET', `/api/usage?${TWO_DAYS}`, a.demo)).json();
    expect(mine.Apps.map((r: { AppId: string }) => r.AppId)).not.toContain(h.otherAppId);
    for (const cookie of [a.admin, a.finance]) {
      const all = (await call(h, 'GET', `/api/usage?${TWO_DAYS}`, cookie)).json();
      expect(all.Apps.map((r: { AppId: string }) => r.AppId)).toContain(h.otherAppId);
    }
  });

  it("refuses another organisation's usage", async () => {
    for (const url of [`/api/usage?orgId=${a.otherOrg}&${TWO_DAYS}`, `/api/usage?appId=${h.otherAppId}&${TWO_DAYS}`]) {
      const res = await call(h, 'GET', url, a.demo);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await call(h, 'GET', `/api/usage?${TWO_DAYS}`)).statusCode).toBe(401);
  });

  it('refuses an app named with an organisation it is not in', async () => {
    const res = await call(h, 'GET', `/api/usage?orgId=${a.demoOrg}&appId=${h.otherAppId}`, a.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('query.appId');
  });

  it('names the bad field of a bad range', async () => {
    const cases = [
      'start=2025-03-02T16:00:00Z&end=2025-02-28T16:00:00Z',
      'start=2023-01-01T16:00:00Z&end=2025-01-01T16:00:00Z',
      // not on midnights and longer than 7 days
      'start=2025-03-01T01:00:00Z&end=2025-03-10T01:00:00Z',
    ];
    for (const range of cases) {
      const res = await call(h, 'GET', `/api/usage?orgId=${a.demoOrg}&${range}`, a.demo);
      expect(res.statusCode, range).toBe(400);
      expect(res.json().details[0].field, range).toBe('query.start');
    }
    const bad = await call(h, 'GET', `/api/usage?orgId=${a.demoOrg}&start=yesterday`, a.demo);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('start');
  });
});
