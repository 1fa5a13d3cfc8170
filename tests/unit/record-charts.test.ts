import { describe, expect, it } from 'vitest';
import type { RecordChartDecl } from '../../resources/types';
import { usync } from '../../resources/usync';
import { perfSessions } from '../../resources/usync/perf';
import { buildModel } from '../../server/engine/model';
import { chartIsEmpty, chartPoints } from '../../src/engine/dashboard-data';

const t = (en: string) => ({ 'zh-CN': en, en });
const withChart = (chart: RecordChartDecl) => ({ ...perfSessions, charts: [chart] });
const line = (over: Partial<RecordChartDecl>): RecordChartDecl => ({ kind: 'line', label: t('c'), list: 'series', x: 'second', series: [{ field: 'p50', label: t('p50') }], span: 12, empty: t('none'), ...over });

describe('charts on a record page (ResourceDecl.charts)', () => {
  it('are checked against the schema when the model is built', () => {
    expect(() => buildModel(usync, perfSessions)).not.toThrow();
    expect(() => buildModel(usync, withChart(line({ list: 'sent' })))).toThrow(/'sent' is not an array field/);
    expect(() => buildModel(usync, withChart(line({ list: 'nothing' })))).toThrow(/'nothing' is not an array field/);
    expect(() => buildModel(usync, withChart(line({ x: 'minute' })))).toThrow(/'minute' is not a field of the items of 'series'/);
    expect(() => buildModel(usync, withChart(line({ series: [{ field: 'p95', label: t('p95') }] })))).toThrow(/'p95'/);
    expect(() => buildModel(usync, withChart(line({ series: undefined })))).toThrow(/names its series/);
  });

  it("draw the record's own series, one point per item and declared field", () => {
    const [latency] = perfSessions.charts!;
    const record = { series: [{ second: 1, sent: 3, received: 6, p50: 1.5, p99: 4 }, { second: 2, sent: 2, received: 4, p50: 2, p99: 3 }] };
    expect(chartPoints(latency, record, 'en')).toEqual([
      { x: '1', series: 'p50', value: 1.5 },
      { x: '1', series: 'p99', value: 4 },
      { x: '2', series: 'p50', value: 2 },
      { x: '2', series: 'p99', value: 3 },
    ]);
    expect(chartIsEmpty(chartPoints(latency, { series: [] }, 'en'))).toBe(true);
    expect(chartIsEmpty(chartPoints(latency, {}, 'en'))).toBe(true);
  });
});
