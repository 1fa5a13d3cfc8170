import type { JsonSchema, RecordChartDecl, ResourceDecl, ServiceDecl } from '../../resources/types';

type Props = Record<string, JsonSchema>;
const shape = (path: string) => path.replace(/:\w+/g, ':');

/**
 * What `GET <path>` under the service base answers, as its properties: a declared call's answer; or, in the REST
 * convention, the engine's list of a resource — at its collection path (a sub-resource's under its parent's item
 * path) or its app-wide one (`ParentDecl.appList`) — as `{ total, items }`. Undefined when nothing is served there.
 */
export function answerPropsAt(service: ServiceDecl, path: string): Props | undefined {
  const call = Object.values(service.calls ?? {}).find((c) => c.method === 'GET' && shape(c.path) === shape(path));
  if (call) return (call.answer?.schema?.properties ?? {}) as Props;
  if (service.convention !== 'rest') return undefined;
  const collection = (r: ResourceDecl) => {
    const parent = r.parent && service.resources.find((p) => p.name === r.parent!.resource);
    return parent ? `${parent.path}/:${r.parent!.param}${r.path}` : r.path;
  };
  const listed = service.resources.find((r) => r.operations.includes('list') && (shape(collection(r)) === shape(path) || r.parent?.appList === path));
  if (!listed) return undefined;
  const stamp = { type: 'string', format: 'date-time' };
  const record = { ...listed.schema, properties: { ...(listed.schema.properties as Props), [listed.idField]: { type: 'string' }, version: { type: 'integer' }, createdAt: stamp, updatedAt: stamp } };
  return { total: { type: 'integer' }, items: { type: 'array', items: record } };
}

/** A chart names what its source holds: `list` an array field, `x`, each series' field, `seriesBy` and `value` of its items. */
function checkChart(where: string, chart: RecordChartDecl, props: Props, source: string): void {
  const list = props[chart.list];
  if (!list || list.type !== 'array') throw new Error(`${where}: '${chart.list}' is not an array field of the ${source}`);
  const items = ((list.items as JsonSchema | undefined)?.properties ?? {}) as Props;
  const named = [chart.x, ...(chart.series ?? []).map((s) => s.field), ...(chart.seriesBy ? [chart.seriesBy, chart.value ?? 'value'] : [])];
  for (const f of named) if (!(f in items)) throw new Error(`${where}: '${f}' is not a field of the items of '${chart.list}'`);
  if (!chart.series && !chart.seriesBy && chart.kind !== 'pie') throw new Error(`${where}: a line or columns chart names its series`);
}

/**
 * A record's charts (`ResourceDecl.charts`) name what its schema holds — or, with `from`, what the answer of the
 * declared call (or the engine's list) it reads holds.
 */
export function checkRecordCharts(service: ServiceDecl, res: ResourceDecl): void {
  for (const chart of res.charts ?? []) {
    const where = `${service.name}/${res.name}: chart '${chart.label.en}'`;
    let props = (res.schema.properties ?? {}) as Props;
    if (chart.from) {
      const path = `${res.path}/:${res.idParam ?? 'id'}${chart.from.path}`;
      const answer = answerPropsAt(service, path);
      if (!answer) throw new Error(`${where}: no declared GET call at ${path}`);
      props = answer;
    }
    checkChart(where, chart, props, chart.from ? "call's answer" : 'schema');
  }
}

/**
 * A service's page views (`PageDecl.view`) read what is served: a download names a declared `GET` call; each detail
 * and each chart's `from` is a declared `GET` call (or the engine's list) under the service base, a chart naming what
 * its answer holds.
 */
export function checkPageViews(service: ServiceDecl): void {
  for (const page of service.pages ?? []) {
    const view = page.view;
    if (!view) continue;
    const where = `${service.name}: page ${page.route}`;
    if (view.download && service.calls?.[view.download.call]?.method !== 'GET') throw new Error(`${where}: download '${view.download.call}' is not a declared GET call`);
    for (const detail of view.details ?? []) if (!answerPropsAt(service, detail.path)) throw new Error(`${where}: detail '${detail.name}': no GET call at ${detail.path}`);
    for (const chart of view.charts ?? []) {
      const props = answerPropsAt(service, chart.from.path);
      if (!props) throw new Error(`${where}: chart '${chart.label.en}': no GET call at ${chart.from.path}`);
      checkChart(`${where}: chart '${chart.label.en}'`, chart, props, "call's answer");
    }
  }
}
