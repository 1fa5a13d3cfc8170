import type { JsonSchema, RecordChartSource, ResourceDecl, ServiceDecl } from '../../resources/types';

/** The declared `GET` call a chart's `from` reads (`GET <item path><from.path>`), or undefined. */
export function chartSourceCall(service: ServiceDecl, res: ResourceDecl, from: RecordChartSource) {
  const path = `${res.path}/:${res.idParam ?? 'id'}${from.path}`;
  return Object.values(service.calls ?? {}).find((c) => c.method === 'GET' && c.path === path);
}

/**
 * A record's charts (`ResourceDecl.charts`) name what its schema holds — or, with `from`, what the answer of the
 * declared call it reads holds: `list` an array field, `x`, each series' field, `seriesBy` and `value` fields of its
 * items.
 */
export function checkRecordCharts(service: ServiceDecl, res: ResourceDecl): void {
  for (const chart of res.charts ?? []) {
    const where = `${service.name}/${res.name}: chart '${chart.label.en}'`;
    let props = (res.schema.properties ?? {}) as Record<string, JsonSchema>;
    if (chart.from) {
      const call = chartSourceCall(service, res, chart.from);
      if (!call) throw new Error(`${where}: no declared GET call at ${res.path}/:${res.idParam ?? 'id'}${chart.from.path}`);
      props = ((call.answer?.schema?.properties ?? {}) as Record<string, JsonSchema>);
    }
    const list = props[chart.list];
    if (!list || list.type !== 'array') throw new Error(`${where}: '${chart.list}' is not an array field of the ${chart.from ? "call's answer" : 'schema'}`);
    const items = ((list.items as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>;
    const named = [chart.x, ...(chart.series ?? []).map((s) => s.field), ...(chart.seriesBy ? [chart.seriesBy, chart.value ?? 'value'] : [])];
    for (const f of named) if (!(f in items)) throw new Error(`${where}: '${f}' is not a field of the items of '${chart.list}'`);
    if (!chart.series && !chart.seriesBy && chart.kind !== 'pie') throw new Error(`${where}: a line or columns chart names its series`);
  }
}
