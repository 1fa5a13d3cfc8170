import { Column, Line } from '@ant-design/charts';
import type { DayCount } from '../../../resources/ops-api';
import { LINE_POINT, LINE_STYLE } from '../../lib/charts';

/**
 * Counts per day as columns or a line. Loaded on its own (the chart library is large): import it lazily.
 * Dates are shown as MM-DD; counts are whole numbers.
 */
export default function DailyChart({ data, kind = 'column', label, height = 260 }: { data: DayCount[]; kind?: 'column' | 'line'; label: string; height?: number }) {
  const points = data.map((d) => ({ date: d.Date, count: d.Count }));
  const common = {
    data: points,
    xField: 'date',
    yField: 'count',
    height,
    autoFit: true,
    axis: {
      x: { labelFormatter: (d: string) => d.slice(5), labelAutoHide: true },
      y: { tickFilter: (n: number) => Number.isInteger(n) },
    },
    tooltip: { title: 'date', items: [{ channel: 'y', name: label }] },
  };
  return kind === 'line' ? <Line {...common} style={LINE_STYLE} point={LINE_POINT} /> : <Column {...common} style={{ maxWidth: 24 }} />;
}
