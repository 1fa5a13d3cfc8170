import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { toVariableName } from '../../../../resources/formats';

/** `x-ui.widget: variableName`: an identifier, normalised by the spec's variable-name rule when leaving the field. */
export function VariableNameWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, autofocus, placeholder, rawErrors }: WidgetProps) {
  return (
    <Input
      id={id}
      value={typeof value === 'string' ? value : ''}
      style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
      placeholder={placeholder}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      autoComplete="off"
      spellCheck={false}
      status={rawErrors?.length ? 'error' : undefined}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onFocus={() => onFocus(id, value)}
      onBlur={(e) => {
        const text = e.target.value;
        const normalised = text ? toVariableName(text) : text;
        if (normalised !== text) onChange(normalised);
        onBlur(id, normalised);
      }}
    />
  );
}
