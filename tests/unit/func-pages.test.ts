import { describe, expect, it } from 'vitest';
import { func } from '../../resources/func';
import { funcPages } from '../../resources/func/pages';
import { FUNC_ROUTES, servers } from '../../resources/func/resources';
import { pageCallRequest, pageViewRequest } from '../../resources/page-view-call';
import { checkRelations } from '../../server/engine/references';
import { checkPageViews, checkRecordCharts } from '../../server/engine/record-charts';
import { showPathOf } from '../../src/engine/routes';

const view = (route: string) => funcPages.find((p) => p.route === route)!.view!;

describe("stateful functions' pages", () => {
  it("list the app's servers at the servers' app-wide list, narrowed by function and state", () => {
    expect(pageViewRequest(func, view(FUNC_ROUTES.servers), { functionId: 'f1', status: 'running' }, 'app', 2)).toMatchObject({
      url: '/func/servers',
      params: { page: 2, pageSize: 20, functionId: 'f1', status: 'running' },
      filtered: true,
    });
  });

  it("search a function's logs once one is chosen, and download them with the same narrowing (paging aside)", () => {
    const logs = view(FUNC_ROUTES.logs);
    expect(pageViewRequest(func, logs, {}, 'app').missing).toEqual(['id']);
    const values = { id: 'f 1', text: 'listening', serverId: 's1', time: ['2026-01-01T00:00:00Z', ''] as [string, string] };
    expect(pageViewRequest(func, logs, values, 'app')).toMatchObject({ method: 'POST', url: '/functions/f%201/cls-log', params: { text: 'listening', serverId: 's1', start: '2026-01-01T00:00:00Z' } });
    const call = func.calls![logs.download!.call];
    const names = Object.keys((call.query as { properties: object }).properties);
    expect(pageCallRequest(call.path, logs.filters!, values, 'app', names)).toEqual({ url: '/functions/f%201/cls-log/download', query: { text: 'listening', serverId: 's1', start: '2026-01-01T00:00:00Z' } });
    expect(pageCallRequest(call.path, logs.filters!, {}, 'app', names).url).toBeUndefined();
  });

  it("read the function of the autoscaler's page from its address", () => {
    const history = view(FUNC_ROUTES.autoscaler);
    expect(pageViewRequest(func, history, { funcId: 'f1' }, 'app').url).toBe('/func/functions/f1/autoscaling-history');
    expect(pageCallRequest(history.charts![0].from.path, history.filters ?? [], { funcId: 'f1' }, 'app', []).url).toBe('/func/functions/f1/autoscaling-history');
    expect(pageCallRequest(history.details![0].path, [], {}, 'app', []).url).toBeUndefined();
  });

  it("open a server's page under its function", () => {
    expect(showPathOf(servers, 'app', { id: 's1', functionId: 'f1' })).toBe('/services/app/func/profiles/f1/servers/s1');
  });

  it('refuse an app-wide list without the parent field among the filters', () => {
    const bad = { ...servers, list: { ...servers.list, filters: ['status'] } };
    expect(() => checkRelations(func, bad)).toThrow(/appList/);
    expect(() => checkRelations(func, servers)).not.toThrow();
  });

  it('are checked at start-up: charts and details read served calls, the download a declared GET', () => {
    expect(() => checkPageViews(func)).not.toThrow();
    expect(() => checkRecordCharts(func, func.resources.find((r) => r.name === 'functions')!)).not.toThrow();
    const swap = (route: string, change: (view: NonNullable<(typeof funcPages)[number]['view']>) => object) => ({
      ...func,
      pages: funcPages.map((p) => (p.route === route ? { ...p, view: { ...p.view!, ...change(p.view!) } } : p)),
    });
    expect(() => checkPageViews(swap(FUNC_ROUTES.logs, () => ({ download: { call: 'logs.search', label: { 'zh-CN': 'x', en: 'x' } } })))).toThrow(/not a declared GET/);
    expect(() => checkPageViews(swap(FUNC_ROUTES.autoscaler, (v) => ({ charts: [{ ...v.charts![0], x: 'when' }] })))).toThrow(/'when' is not a field/);
    expect(() => checkPageViews(swap(FUNC_ROUTES.servers, (v) => ({ charts: [{ ...v.charts![0], from: { path: '/functions/metrics/none' } }] })))).toThrow(/no GET call/);
  });
});
