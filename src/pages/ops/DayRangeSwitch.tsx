import { Segmented } from 'antd';
import { DAY_RANGES, type DayRange } from '../../../resources/ops-api';
import { useLocale } from '../../lib/useLocale';

/** The 7 / 30 / 90-day choice of the statistics and history pages (spec 000 §9). */
export function DayRangeSwitch({ value, onChange, testId }: { value: DayRange; onChange: (days: DayRange) => void; testId?: string }) {
  const { t } = useLocale();
  return (
    <Segmented
      value={value}
      onChange={(v) => onChange(v as DayRange)}
      options={DAY_RANGES.map((d) => ({ value: d, label: t('ops.range.days', { days: d }) }))}
      data-testid={testId}
    />
  );
}
