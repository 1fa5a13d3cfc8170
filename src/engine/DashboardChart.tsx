import { Line } from '@ant-design/charts';
import { CHART_PALETTE, LINE_POINT, LINE_STYLE } from '../lib/charts';
import { SharePie, StackedColumns } from '../pages/metering/charts';
import type { DashboardPoint } from './dashboard-data';

const HEIGHT = 240;
/** Days are shown as MM-DD. */
const dayLabel = (x: string) => (/^\d{4}-\d{2}-\d{2}$/.test(x) ? x.slice(5) : x);

/**
 * A dashboard's chart (`DashboardChartDecl`): lines or stacked columns over days, or a pie of shares, in the
 * console's palette. Loaded on its own: the chart library is large.
 */
export default function DashboardChart({ kind, data, format }: { kind: 'line' | 'columns' | 'pie'; data: DashboardPoint[]; format: (n: number) => string }) {
  if (kind === 'pie') return <SharePie data={data.map((p) => ({ name: p.x, value: p.value }))} format={format} height={HEIGHT} />;
  if (kind === 'columns') return <StackedColumns data={data} format={format} height={HEIGHT} xLabel={dayLabel} />;
  return (
    <Line
      data={data}
      xField="x"
      yField="value"
      colorField="series"
      height={HEIGHT}
      autoFit
      scale={{ color: { range: [...CHART_PALETTE] } }}
      style={LINE_STYLE}
      point={LINE_POINT}
      axis={{
        x: { labelFormatter: dayLabel, labelAutoHide: true },
        y: { labelFormatter: (n: number) => format(n), tickFilter: (n: number) => Number.isInteger(n) },
      }}
      legend={{ color: { position: 'top', layout: { justifyContent: 'flex-end' } } }}
      tooltip={{ title: 'x' }}
    />
  );
}
