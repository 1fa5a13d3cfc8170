import { describe, expect, it } from 'vitest';
import calls from '../inventory/calls.json';
import { services } from '../../resources';
import type { DashboardChartDecl, DashboardFigureDecl } from '../../resources/types';
import { chartIsEmpty, chartPoints, figureText, fillAnswer, sourceQuery } from '../../src/engine/dashboard-data';
import { dashboardPages } from '../../src/engine/routes';

const label = (en: string) => ({ 'zh-CN': `中${en}`, en });
const chart = (over: Partial<DashboardChartDecl>): DashboardChartDecl => ({
  kind: 'columns',
  label: label('chart'),
  source: 's',
  span: 12,
  list: 'daily',
  x: 'date',
  empty: label('none'),
  ...over,
});

describe('a dashboard source', () => {
  it('asks for the chosen number of Beijing days up to today, beside its own parameters', () => {
    // 20:00 UTC on 10 March is already 11 March in Beijing.
    const now = new Date(Date.UTC(2024, 2, 10, 20));
    expect(sourceQuery({ path: '/x', range: ['start', 'end'], query: { by: 'player', k: 10 } }, 7, now)).toEqual({
      by: 'player',
      k: 10,
      start: '2024-03-05',
      end: '2024-03-11',
    });
    expect(sourceQuery({ path: '/x' }, 30, now)).toEqual({});
  });
});

describe('a dashboard text', () => {
  it('names answer values by path, amounts grouped with two decimals, absent ones empty', () => {
    const answer = { usage: { calls: 1234, limit: 5000 }, amount: '1234.5', name: 'gold' };
    expect(fillAnswer('{{usage.calls}} / {{usage.limit}}', answer, 'en')).toBe('1,234 / 5,000');
    expect(fillAnswer('{{amount|money}} {{name}}', answer, 'en')).toBe('1,234.50 gold');
    expect(fillAnswer('[{{missing.path}}]', answer, 'en')).toBe('[]');
  });

  it('of a figure with `each` is said once per item, and a dash without items', () => {
    const figure: DashboardFigureDecl = { label: label('Revenue'), source: 's', each: 'totals.revenue', value: '{{amount|money}} {{currencyCode}}' };
    const answer = { totals: { revenue: [{ amount: '12', currencyCode: 'CNY' }, { amount: '3.5', currencyCode: 'USD' }] } };
    expect(figureText(figure, answer, 'en')).toBe('12.00 CNY / 3.50 USD');
    expect(figureText(figure, { totals: { revenue: [] } }, 'en')).toBe('—');
    expect(figureText(figure, undefined, 'en')).toBeUndefined();
  });
});

describe('a dashboard chart', () => {
  it('draws one series per declared field of each item', () => {
    const points = chartPoints(chart({ series: [{ field: 'a', label: label('A') }, { field: 'b', label: label('B') }] }), { daily: [{ date: 'd1', a: 1, b: 2 }] }, 'zh-CN');
    expect(points).toEqual([
      { x: 'd1', series: '中A', value: 1 },
      { x: 'd1', series: '中B', value: 2 },
    ]);
  });

  it('draws one series per value of `seriesBy`, every day of `xFrom` in each, 0 where it has no item', () => {
    const c = chart({ list: 'revenue', seriesBy: 'currency', value: 'amount', xFrom: { list: 'daily', field: 'date' } });
    const answer = {
      daily: [{ date: 'd1' }, { date: 'd2' }],
      revenue: [
        { date: 'd2', currency: 'CNY', amount: '5.5' },
        { date: 'd1', currency: 'USD', amount: '2' },
      ],
    };
    expect(chartPoints(c, answer, 'en')).toEqual([
      { x: 'd1', series: 'CNY', value: 0 },
      { x: 'd1', series: 'USD', value: 2 },
      { x: 'd2', series: 'CNY', value: 5.5 },
      { x: 'd2', series: 'USD', value: 0 },
    ]);
  });

  it('names a pie’s slices by its labels, and is empty when every value is 0', () => {
    const c = chart({ kind: 'pie', list: 'byStatus', x: 'status', value: 'count', labels: { Paid: { label: label('Paid') } } });
    const points = chartPoints(c, { byStatus: [{ status: 'Paid', count: 3 }, { status: 'Other', count: 0 }] }, 'en');
    expect(points.map((p) => [p.x, p.value])).toEqual([
      ['Paid', 3],
      ['Other', 0],
    ]);
    expect(chartIsEmpty(points)).toBe(false);
    expect(chartIsEmpty(points.slice(1))).toBe(true);
    expect(chartIsEmpty(chartPoints(c, undefined, 'en'))).toBe(true);
  });
});

describe('declared dashboards', () => {
  const pages = dashboardPages();
  const served = new Set((calls as { service: string; method: string; path: string }[]).map((c) => `${c.method} ${c.path}`));

  it('are the passport economy and player metrics pages, baking’s node time, cloud saves’ usage and Multiverse’s usage', () => {
    expect(pages.map(({ page }) => page.route).sort()).toEqual(['baking/usage', 'crud/save/usage', 'multiverse/usage', 'passport/account/metrics', 'passport/economy/metrics']);
  });

  it('read only calls the service serves, and name only sources they declare', () => {
    const problems = pages.flatMap(({ service, page }) => {
      const { sources, figures, blocks } = page.dashboard;
      return [
        ...Object.entries(sources).filter(([, s]) => !served.has(`GET ${service.base}${s.path}`)).map(([name, s]) => `${page.route}: ${name} GET ${s.path}`),
        ...[...figures, ...blocks].filter((b) => !sources[b.source]).map((b) => `${page.route}: ${b.label.en} reads ${b.source}`),
        ...blocks.filter((b) => b.span < 1 || b.span > 24).map((b) => `${page.route}: ${b.label.en} spans ${b.span}`),
        ...(page.dashboard.days.includes(page.dashboard.defaultDays) ? [] : [`${page.route}: default days`]),
      ];
    });
    expect(services.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
