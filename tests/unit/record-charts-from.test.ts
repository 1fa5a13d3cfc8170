import { describe, expect, it } from 'vitest';
import type { RecordChartDecl } from '../../resources/types';
import { storage } from '../../resources/storage';
import { databases } from '../../resources/storage/resources';
import { buildModel } from '../../server/engine/model';
import { chartFormat, sourcedChartPoints } from '../../src/engine/dashboard-data';

const t = (en: string) => ({ 'zh-CN': en, en });
const withChart = (chart: RecordChartDecl) => ({ ...databases, charts: [chart] });
const sourced = (over: Partial<RecordChartDecl>): RecordChartDecl => ({
  kind: 'line',
  label: t('c'),
  from: { path: '/metrics' },
  list: 'items',
  x: 'at',
  series: [{ field: 'connections', label: t('Connections') }],
  span: 12,
  empty: t('none'),
  ...over,
});

describe("record charts read from a declared call's answer (RecordChartDecl.from)", () => {
  it("are checked against the call's answer when the model is built", () => {
    expect(() => buildModel(storage, databases)).not.toThrow();
    expect(() => buildModel(storage, withChart(sourced({ from: { path: '/nothing' } })))).toThrow(/no declared GET call at \/databases\/:id\/nothing/);
    expect(() => buildModel(storage, withChart(sourced({ list: 'metrics', series: [{ field: 'x', label: t('x') }] })))).toThrow(/'at' is not a field of the items of 'metrics'/);
    expect(() => buildModel(storage, withChart(sourced({ list: 'engine' })))).toThrow(/'engine' is not an array field of the call's answer/);
    expect(() => buildModel(storage, withChart(sourced({ series: [{ field: 'latency', label: t('l') }] })))).toThrow(/'latency'/);
  });

  it('draw only the items holding a series field, times as Beijing minutes (seconds when two share one)', () => {
    const chart = sourced({});
    const keys = sourced({ series: [{ field: 'keys', label: t('Keys') }] });
    const answer = { items: [{ at: '2026-03-01T00:00:10.000Z', connections: 2 }, { at: '2026-03-01T00:01:10.000Z', connections: 0 }] };
    expect(sourcedChartPoints(chart, answer, 'en')).toEqual([
      { x: '03-01 08:00', series: 'Connections', value: 2 },
      { x: '03-01 08:01', series: 'Connections', value: 0 },
    ]);
    expect(sourcedChartPoints(keys, answer, 'en')).toEqual([]);
    expect(sourcedChartPoints(chart, { items: [] }, 'en')).toBeUndefined();
    const close = { items: [{ at: '2026-03-01T00:00:10.000Z', connections: 1 }, { at: '2026-03-01T00:00:40.000Z', connections: 3 }] };
    expect(sourcedChartPoints(chart, close, 'en')!.map((p) => p.x)).toEqual(['03-01 08:00:10', '03-01 08:00:40']);
    // Answered newest first (the latest steps of a history), drawn oldest first.
    const newestFirst = { items: [...close.items].reverse() };
    expect(sourcedChartPoints(chart, newestFirst, 'en')!.map((p) => [p.x, p.value])).toEqual([['03-01 08:00:10', 1], ['03-01 08:00:40', 3]]);
  });

  it('read bytes as sizes', () => {
    expect(chartFormat({ format: 'bytes' }, 'en')(2_500_000)).toBe('2.5 MB');
  });
});
