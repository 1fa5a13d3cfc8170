import { Flex, InputNumber, Slider } from 'antd';
import type { WidgetProps } from '@rjsf/utils';

/** `x-ui.widget: percent`: 0–100 with a slider and a number box. */
export function PercentWidget({ id, value, onChange, onBlur, disabled, readonly, autofocus, schema, rawErrors }: WidgetProps) {
  const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 100;
  const current = typeof value === 'number' ? value : undefined;
  return (
    <Flex align="center" gap={16}>
      <Slider
        style={{ flex: 1, minWidth: 120 }}
        min={min}
        max={max}
        value={current ?? min}
        disabled={disabled || readonly}
        onChange={(v) => onChange(v)}
        tooltip={{ formatter: (v) => `${v}%` }}
      />
      <InputNumber
        id={id}
        min={min}
        max={max}
        precision={0}
        value={current}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        status={rawErrors?.length ? 'error' : undefined}
        addonAfter="%"
        style={{ width: 120 }}
        onChange={(v) => onChange(v ?? undefined)}
        onBlur={() => onBlur(id, value)}
      />
    </Flex>
  );
}
