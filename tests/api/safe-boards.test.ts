import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safe } from '../../resources/safe';
import { SAFE_DEMO_PACKAGE } from '../../resources/safe/demo';
import { startHarness, type Harness } from './harness';

// The demo app's Safe (resources/safe/demo.ts): a clean release, a debug build and a mirror signed by a stranger.
let h: Harness;
let base: string;

beforeAll(async () => {
  h = await startHarness();
  base = `${safe.base}/safe/${h.appId}`;
});
afterAll(() => h.close());

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

describe("the demo app's boards", () => {
  it('the detect board lists each package with its signer and risks, newest first, and filters by highest risk', async () => {
    const all = await h.svc('GET', `${base}/detect-list`);
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().items as { fileName: string; signerRegistered: boolean; highestSeverity: string; risks: { code: string; severity: string }[] }[];
    expect(rows.map((r) => r.fileName)).toEqual(['skyforge-2.3.0-mirror.apk', 'skyforge-2.3.1-debug.apk', 'skyforge-2.3.0.apk']);
    expect(rows.map((r) => [r.signerRegistered, r.highestSeverity])).toEqual([[false, 'high'], [true, 'high'], [true, 'none']]);
    expect(rows[0].risks.map((r) => [r.code, r.severity])).toEqual([
      ['signer-unregistered', 'high'],
      ['allow-backup', 'medium'],
      ['sensitive-permissions', 'medium'],
      ['old-target-sdk', 'medium'],
    ]);
    expect(rows[1].risks.map((r) => r.code)).toEqual(['debuggable', 'allow-backup', 'cleartext-traffic']);
    const clean = await h.svc('GET', `${base}/detect-list?severity=none`);
    expect(clean.json()).toMatchObject({ total: 1, items: [{ fileName: 'skyforge-2.3.0.apk' }] });
  });

  it('the overview counts packages, protections, severities and signers', async () => {
    const res = await h.svc('GET', `${base}/statistics-overview-and-risk`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ packages: 3, protections: { processing: 0, succeed: 3, failed: 0 }, bySeverity: { high: 2, medium: 0, low: 0, none: 1 }, unregisteredSigners: 1, unverifiedSignatures: 0 });
    expect(s.topRisks[0]).toEqual({ code: 'allow-backup', severity: 'medium', packages: 2 });
  });

  it('usage and metrics count the packages checked today, by kind and by package', async () => {
    const usage = (await h.svc('GET', `${base}/usage?from=${today()}&to=${today()}`)).json();
    expect(usage.packages).toBe(3);
    expect(usage.days).toEqual([{ day: today(), packages: 3, bytes: usage.bytes }]);
    const agg = (await h.svc('GET', `${base}/metrics/aggregation`)).json();
    expect([agg.packages, agg.byKind, agg.days.length]).toEqual([3, { apk: 3 }, 30]);
    const top = (await h.svc('GET', `${base}/metrics/topk?k=5`)).json();
    expect(top.items.map((t: { package: string; packages: number }) => [t.package, t.packages])).toEqual([[SAFE_DEMO_PACKAGE, 3]]);
    const backwards = await h.svc('GET', `${base}/usage?from=2026-02-02&to=2026-02-01`);
    expect(backwards.statusCode).toBe(400);
  });

  it('another app sees none of it', async () => {
    const other = await h.req({ method: 'GET', url: `${base}/detect-list`, headers: { authorization: h.otherBasic } });
    expect(other.statusCode).toBe(404);
  });
});
