import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { FilterValue } from '../../resources/page-view-call';

/** A declared date-range filter: the days from and to, sent as the first day's start and the last day's end. */
export default function DateRangeFilter({ name, label, value, onChange }: { name: string; label: string; value: FilterValue; onChange: (v: FilterValue) => void }) {
  const [from, to] = Array.isArray(value) ? value : ['', ''];
  return (
    <DatePicker.RangePicker
      aria-label={label}
      placeholder={[label, label]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(range) => onChange(range?.[0] || range?.[1] ? [range[0]?.startOf('day').toISOString() ?? '', range[1]?.endOf('day').toISOString() ?? ''] : undefined)}
      data-filter={name}
    />
  );
}
