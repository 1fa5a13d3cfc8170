import { Column } from '@ant-design/charts';

export interface UsagePoint {
  date: string;
  meter: string;
  count: number;
}

/** Calls per day, one stacked column per day and meter. Loaded on its own: the chart library is large. */
export default function UsageChart({ data, format }: { data: UsagePoint[]; format: (n: number) => string }) {
  return (
    <Column
      data={data}
      xField="date"
      yField="count"
      colorField="meter"
      stack
      height={240}
      autoFit
      axis={{
        x: { labelFormatter: (d: string) => d.slice(5), labelAutoHide: true },
        y: { labelFormatter: (n: number) => format(n), tickFilter: (n: number) => Number.isInteger(n) },
      }}
      legend={{ color: { position: 'top', layout: { justifyContent: 'flex-end' } } }}
      tooltip={{ title: 'date' }}
      style={{ maxWidth: 28 }}
    />
  );
}
