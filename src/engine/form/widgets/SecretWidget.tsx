import type { CSSProperties } from 'react';
import { Input } from 'antd';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** A text area's characters shown as dots, as a password input shows them. */
const MASKED = { WebkitTextSecurity: 'disc' } as CSSProperties;

/**
 * A write-only field (`writeOnly: true`, a secret): a masked input with a show/hide eye that the browser neither
 * fills with a saved password nor offers to remember; a secret of several lines (a private key file,
 * `ui:options.multiline`) a masked text area that keeps its lines. Left empty, the field is left out of the form's data.
 */
export function SecretWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, autofocus, placeholder, rawErrors, options }: WidgetProps) {
  const common = {
    id,
    name: id,
    value: typeof value === 'string' ? value : '',
    placeholder,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    spellCheck: false,
    status: rawErrors?.length ? ('error' as const) : undefined,
    'aria-describedby': ariaDescribedByIds(id),
    onChange: (e: { target: { value: string } }) => onChange(e.target.value === '' ? undefined : e.target.value),
    onBlur: (e: { target: { value: string } }) => onBlur(id, e.target.value),
    onFocus: (e: { target: { value: string } }) => onFocus(id, e.target.value),
  };
  if (options.multiline === 'on') return <Input.TextArea {...common} autoComplete="off" rows={4} style={MASKED} />;
  return <Input.Password {...common} autoComplete="new-password" />;
}
