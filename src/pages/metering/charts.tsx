import { Column, Pie } from '@ant-design/charts';
import { CHART_PALETTE, PIE_RADIUS_OPTIONS, tooltipColumns } from '../../lib/charts';

/**
 * The usage and bill charts. Loaded on their own (the chart library is large): import them lazily. Series take
 * the console's 13-colour palette; a bar tooltip lists 15 series per column, then starts another column.
 */

export interface SeriesPoint {
  x: string;
  series: string;
  value: number;
}

interface TooltipItem {
  name?: string;
  value?: unknown;
  color?: string;
}

const escape = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The tooltip of a stacked column: its title, then the non-empty series in columns of 15. */
function columnTooltip(title: string, items: TooltipItem[], format: (n: number) => string): string {
  const shown = items.filter((i) => Number(i.value) !== 0);
  const columns = tooltipColumns(shown)
    .map(
      (column) =>
        `<div style="display:flex;flex-direction:column;gap:4px;min-width:140px">${column
          .map(
            (i) =>
              `<div style="display:flex;justify-content:space-between;gap:12px"><span><span style="display:inline-block;width:8px;height:8px;border-radius:50%;margin-right:6px;background:${escape(i.color)}"></span>${escape(i.name)}</span><b>${escape(format(Number(i.value)))}</b></div>`,
          )
          .join('')}</div>`,
    )
    .join('');
  return `<div style="padding:4px"><div style="margin-bottom:6px;font-weight:600">${escape(title)}</div><div style="display:flex;gap:16px">${columns}</div></div>`;
}

/** Stacked columns per x (a day, an hour or a month) and series. */
export function StackedColumns({ data, format, height = 260, xLabel }: { data: SeriesPoint[]; format: (n: number) => string; height?: number; xLabel?: (x: string) => string }) {
  return (
    <Column
      data={data}
      xField="x"
      yField="value"
      colorField="series"
      stack
      height={height}
      autoFit
      scale={{ color: { range: [...CHART_PALETTE] } }}
      axis={{ x: { labelFormatter: xLabel ?? ((x: string) => x), labelAutoHide: true }, y: { labelFormatter: (n: number) => format(n) } }}
      legend={{ color: { position: 'top', layout: { justifyContent: 'flex-end' } } }}
      interaction={{ tooltip: { render: (_event: unknown, { title, items }: { title: string; items: TooltipItem[] }) => columnTooltip(title, items, format) } }}
      style={{ maxWidth: 32 }}
    />
  );
}

/** A ring of shares (radius 50–100 %). */
export function SharePie({ data, format, height = 260 }: { data: { name: string; value: number }[]; format: (n: number) => string; height?: number }) {
  return (
    <Pie
      data={data}
      angleField="value"
      colorField="name"
      {...PIE_RADIUS_OPTIONS}
      height={height}
      autoFit
      scale={{ color: { range: [...CHART_PALETTE] } }}
      label={{ text: (d: { value: number }) => format(d.value), style: { fontSize: 11 } }}
      legend={{ color: { position: 'right', layout: { justifyContent: 'center' } } }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: (n: number) => format(n) }] }}
    />
  );
}
