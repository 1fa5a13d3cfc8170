import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/platform/accounts';
import { startHarness, type Harness } from './harness';
import { call, fieldsOf, orgOfApp, signInAll, type Sessions } from './ops-fixtures';

let h: Harness;
let s: Sessions;

const stat = (kind: 'active' | 'new', query: string, cookie = s.admin) => call(h, 'GET', `/api/statistics/daily-app-${kind}?${query}`, cookie);

/** Days of a 7-day range ending 2025-03-10 (Asia/Shanghai), with the counts expected on some of them. */
function week(counts: Record<string, number>) {
  return ['04', '05', '06', '07', '08', '09', '10'].map((d) => ({ Date: `2025-03-${d}`, Count: counts[`2025-03-${d}`] ?? 0 }));
}

beforeAll(async () => {
  h = await startHarness();
  s = await signInAll(h);
  const org = await orgOfApp(h, h.appId);
  // Apps created around Shanghai midnights (UTC+8): 15:59:59Z is 23:59:59 there, 16:00:00Z the next day.
  const created = {
    'late on the 9th': '2025-03-09T15:59:59Z',
    'first thing on the 10th': '2025-03-09T16:00:00Z',
    'late on the 3rd': '2025-03-03T15:59:59Z',
    'first thing on the 4th': '2025-03-03T16:00:00Z',
  };
  const ids: string[] = [];
  for (const [name, at] of Object.entries(created)) {
    const id = await createApp(h.db, org, name);
    await h.db.query('UPDATE apps SET created_at = $1 WHERE app_id = $2', [at, id]);
    ids.push(id);
  }
  const [x, y] = ids;
  const usage = [
    [x, '2025-03-05T16:30:00Z'], // the 6th
    [x, '2025-03-05T17:30:00Z'], // the 6th again: still one app
    [y, '2025-03-05T15:00:00Z'], // 23:00 on the 5th
    [y, '2025-03-10T16:00:00Z'], // the 11th: after the range
  ];
  for (const [app, at] of usage) {
    await h.db.query(`INSERT INTO usage_events (app_id, service, meter, occurred_at) VALUES ($1, 'remote-config', 'fetch', $2)`, [app, at]);
  }
  const operations = [
    [x, '2025-03-06T01:00:00Z'], // the 6th, already active by usage
    [y, '2025-03-06T02:00:00Z'], // the 6th
    [null, '2025-03-07T02:00:00Z'], // no app: not an active app
  ];
  for (const [app, at] of operations) {
    await h.db.query(`INSERT INTO audit_log (at, actor, app_id, action, target) VALUES ($1, 'user:demo@example.com', $2, 'x.y', 't')`, [at, app]);
  }
});
afterAll(() => h.close());

describe('daily statistics', () => {
  it('counts apps created per Shanghai day, zero-filled', async () => {
    const res = await stat('new', 'days=7&end=2025-03-10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Items: week({ '2025-03-04': 1, '2025-03-09': 1, '2025-03-10': 1 }), Total: 3 });
  });

  it('counts distinct apps with a usage event or an operation per Shanghai day', async () => {
    const res = await stat('active', 'days=7&end=2025-03-10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Items: week({ '2025-03-05': 1, '2025-03-06': 2 }), Total: 2 });
  });

  it('answers 30 and 90 days, one entry per day', async () => {
    const month = await stat('new', 'days=30&end=2025-03-10');
    expect(month.json().Items).toHaveLength(30);
    expect(month.json().Items[0].Date).toBe('2025-02-09');
    const quarter = await stat('active', 'days=90&end=2025-03-10');
    expect(quarter.json().Items).toHaveLength(90);
    expect(quarter.json().Items[0].Date).toBe('2024-12-11');
    expect(quarter.json().Total).toBe(2);
  });

  it("ends today (Shanghai) by default and counts today's new apps", async () => {
    const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const before = today();
    const res = await stat('new', 'days=7');
    const items = res.json().Items as { Date: string; Count: number }[];
    expect(items).toHaveLength(7);
    expect([before, today()]).toContain(items[6].Date);
    // The harness created the demo and other apps just now.
    expect(items[6].Count).toBeGreaterThanOrEqual(2);
  });

  it('refuses other ranges and bad dates with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['days=10', 'query.days'],
      ['days=abc', 'query.days'],
      ['days=7&end=2025-13-01', 'query.end'],
      ['days=7&other=1', 'query.other'],
    ]) {
      const res = await stat('active', query);
      expect(res.statusCode, query).toBe(400);
      expect(fieldsOf(res.json())).toContain(field);
    }
  });

  it('is for administrators only', async () => {
    expect((await stat('active', 'days=7', s.user)).statusCode).toBe(403);
    expect((await stat('new', 'days=7', s.other)).statusCode).toBe(403);
    expect((await call(h, 'GET', '/api/statistics/daily-app-new?days=7')).statusCode).toBe(401);
  });
});
