import { Line } from '@ant-design/charts';

export interface MetricPoint {
  day: string;
  series: string;
  value: number;
}

/** Daily player figures, one line per measure. Loaded on its own: the chart library is large. */
export default function PlayersMetricsChart({ data, format }: { data: MetricPoint[]; format: (n: number) => string }) {
  return (
    <Line
      data={data}
      xField="day"
      yField="value"
      colorField="series"
      height={260}
      autoFit
      point={{ shapeField: 'circle', sizeField: 3 }}
      axis={{
        x: { labelFormatter: (d: string) => d.slice(5), labelAutoHide: true },
        y: { labelFormatter: (n: number) => format(n), tickFilter: (n: number) => Number.isInteger(n) },
      }}
      legend={{ color: { position: 'top', layout: { justifyContent: 'flex-end' } } }}
      tooltip={{ title: 'day' }}
    />
  );
}
