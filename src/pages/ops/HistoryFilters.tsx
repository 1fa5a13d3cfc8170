import { useEffect, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Flex, Input } from 'antd';
import { DAY_RANGES, type OperationHistoryQuery } from '../../../resources/ops-api';
import { DISPLAY_ZONE, shanghaiDate } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';

/** What the filter bar holds: text filters and a range of Shanghai calendar days (`YYYY-MM-DD`). */
export interface HistoryFilterValue {
  Action?: string;
  Actor?: string;
  AppId?: string;
  OrgId?: string;
  range?: [string, string];
}

export type HistoryFilter = Omit<OperationHistoryQuery, 'count' | 'start'>;

/** The filter bar's value as the history call's filters: whole Shanghai days from the first to the last. */
export function toHistoryQuery(v: HistoryFilterValue): HistoryFilter {
  const { range, ...text } = v;
  const q: HistoryFilter = Object.fromEntries(Object.entries(text).filter(([, s]) => typeof s === 'string' && s.trim() !== '').map(([k, s]) => [k, s!.trim()]));
  if (range) {
    q.From = dayjs.tz(`${range[0]}T00:00:00`, DISPLAY_ZONE).toISOString();
    q.To = dayjs.tz(`${range[1]}T23:59:59.999`, DISPLAY_ZONE).toISOString();
  }
  return q;
}

type TextField = 'Action' | 'Actor' | 'AppId' | 'OrgId';

/** A text filter applied on Enter or the search button, cleared with its clear button. */
function TextFilter({ field, value, placeholder, width, onApply }: { field: TextField; value?: string; placeholder: string; width: number; onApply: (field: TextField, v: string) => void }) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  return (
    <Input.Search
      allowClear
      value={draft}
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ width }}
      maxLength={field === 'Actor' ? 300 : 100}
      onChange={(e) => setDraft(e.target.value)}
      onSearch={(v) => onApply(field, v)}
      data-testid={`history-filter-${field}`}
    />
  );
}

/** The history's filters: action and time range for everyone; actor, app and organisation for administrators. */
export function HistoryFilters({ value, onChange, admin }: { value: HistoryFilterValue; onChange: (v: HistoryFilterValue) => void; admin?: boolean }) {
  const { t } = useLocale();
  const apply = (field: TextField, v: string) => onChange({ ...value, [field]: v.trim() || undefined });
  const presets = DAY_RANGES.map((d) => ({
    label: t('ops.range.days', { days: d }),
    value: [dayjs(shanghaiDate(-(d - 1))), dayjs(shanghaiDate(0))] as [Dayjs, Dayjs],
  }));
  const pickerValue = value.range ? ([dayjs(value.range[0]), dayjs(value.range[1])] as [Dayjs, Dayjs]) : null;
  const fields: [TextField, string, number][] = admin
    ? [
        ['Action', t('ops.history.filters.action'), 260],
        ['Actor', t('ops.history.filters.actor'), 200],
        ['AppId', t('ops.history.filters.appId'), 200],
        ['OrgId', t('ops.history.filters.orgId'), 200],
      ]
    : [['Action', t('ops.history.filters.action'), 280]];

  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
      {fields.map(([field, placeholder, width]) => (
        <TextFilter key={field} field={field} value={value[field]} placeholder={placeholder} width={width} onApply={apply} />
      ))}
      <DatePicker.RangePicker
        value={pickerValue}
        presets={presets}
        allowClear
        aria-label={t('ops.history.filters.range')}
        disabledDate={(d) => d.isAfter(dayjs(shanghaiDate(0)), 'day')}
        onChange={(dates) => onChange({ ...value, range: dates?.[0] && dates[1] ? [dates[0].format('YYYY-MM-DD'), dates[1].format('YYYY-MM-DD')] : undefined })}
        data-testid="history-filter-range"
      />
      <Button onClick={() => onChange({})} data-testid="history-filter-reset">
        {t('ops.history.filters.reset')}
      </Button>
    </Flex>
  );
}
