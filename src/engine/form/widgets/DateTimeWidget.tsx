import { useState } from 'react';
import { DatePicker, Flex, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { fromShanghaiWallTime, toShanghaiWallTime, zoneNote } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';

/** `x-ui.widget: datetime` (and any `format: date-time`): picked in Beijing time, stored as an ISO UTC instant. */
export function DateTimeWidget({ id, value, onChange, onBlur, disabled, readonly, autofocus, rawErrors }: WidgetProps) {
  const { t } = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <Flex align="center" gap={8} wrap>
      <DatePicker
        id={id}
        showTime={{ format: 'HH:mm:ss' }}
        format="YYYY-MM-DD HH:mm:ss"
        value={typeof value === 'string' && value ? toShanghaiWallTime(value) : null}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        status={rawErrors?.length ? 'error' : undefined}
        style={{ minWidth: 220 }}
        onOpenChange={setOpen}
        // Enter in the open calendar confirms the date; only a closed picker lets Enter submit the form.
        onKeyDown={(e) => {
          if (open && e.key === 'Enter') e.preventDefault();
        }}
        onChange={(d) => onChange(d ? fromShanghaiWallTime(d) : undefined)}
        onBlur={() => onBlur(id, value)}
      />
      <Typography.Text type="secondary">{zoneNote(t('widgets.timezone'))}</Typography.Text>
    </Flex>
  );
}
