import dayjs from 'dayjs';
import { DatePicker } from 'antd';
import { monthEnded } from '../../../../resources/bills-api';

/** A month as `YYYY-MM`; `endedOnly` offers only months that have ended (Asia/Shanghai). */
export function MonthPicker({ value, onChange, endedOnly, allowClear, testId, label }: {
  value?: string;
  onChange: (month: string | undefined) => void;
  endedOnly?: boolean;
  allowClear?: boolean;
  testId?: string;
  label?: string;
}) {
  return (
    <DatePicker
      picker="month"
      data-testid={testId}
      aria-label={label}
      placeholder={label}
      allowClear={allowClear}
      value={value ? dayjs(`${value}-01`) : null}
      format="YYYY-MM"
      onChange={(d) => onChange(d ? d.format('YYYY-MM') : undefined)}
      disabledDate={endedOnly ? (d) => !monthEnded(d.format('YYYY-MM')) : undefined}
    />
  );
}
