import { Line } from '@ant-design/charts';
import { CHART_PALETTE, LINE_STYLE } from '../../lib/charts';
import { secondTicks, type SeriesPoint } from './session-series';

const HEIGHT = 240;

/**
 * One measure of a profiling session over time, in the console's palette and line style: x is seconds since the
 * start on a linear scale, labelled at whole seconds (`secondTicks`: ten labels at most, never rotated); the hundreds
 * of samples are drawn as a line without a point each. Loaded on its own: the chart library is large.
 */
export default function SessionLine({ data, seconds, format }: { data: SeriesPoint[]; seconds: (s: number) => string; format: (n: number) => string }) {
  const xs = data.map((p) => p.x);
  const [start, end] = [Math.min(...xs), Math.max(...xs)];
  const ticks = secondTicks(start, end);
  return (
    <Line
      data={data}
      xField="x"
      yField="value"
      colorField="series"
      height={HEIGHT}
      autoFit
      scale={{ x: { type: 'linear', domain: [start, end], nice: false, tickMethod: () => ticks }, color: { range: [...CHART_PALETTE] } }}
      style={LINE_STYLE}
      axis={{ x: { labelFormatter: (s: number) => seconds(s), labelAutoRotate: false, labelAutoHide: true }, y: { labelFormatter: (n: number) => format(n) } }}
      legend={{ color: { position: 'top', layout: { justifyContent: 'flex-end' } } }}
      tooltip={{ title: (d: SeriesPoint) => seconds(Math.round(d.x * 100) / 100) }}
    />
  );
}
