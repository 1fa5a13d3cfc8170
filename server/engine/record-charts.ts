import type { JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';

/**
 * A record's charts (`ResourceDecl.charts`) name what its schema holds: `list` an array field, `x`, each series'
 * field, `seriesBy` and `value` fields of its items.
 */
export function checkRecordCharts(service: ServiceDecl, res: ResourceDecl): void {
  const props = (res.schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const chart of res.charts ?? []) {
    const where = `${service.name}/${res.name}: chart '${chart.label.en}'`;
    const list = props[chart.list];
    if (!list || list.type !== 'array') throw new Error(`${where}: '${chart.list}' is not an array field of the schema`);
    const items = ((list.items as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>;
    const named = [chart.x, ...(chart.series ?? []).map((s) => s.field), ...(chart.seriesBy ? [chart.seriesBy, chart.value ?? 'value'] : [])];
    for (const f of named) if (!(f in items)) throw new Error(`${where}: '${f}' is not a field of the items of '${chart.list}'`);
    if (!chart.series && !chart.seriesBy && chart.kind !== 'pie') throw new Error(`${where}: a line or columns chart names its series`);
  }
}
