import type { CSSProperties } from 'react';
import { Input } from 'antd';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/**
 * A write-only field (`writeOnly: true`, a secret): a masked input with a show/hide eye that the browser neither
 * fills with a saved password nor offers to remember. Left empty, the field is left out of the form's data.
 */
export function SecretWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, autofocus, placeholder, rawErrors, options }: WidgetProps) {
  // A secret of several lines (a private key file): a text area whose characters are shown as dots, lines kept.
  if (options.multiline === 'on') {
    return (
      <Input.TextArea
        id={id}
        name={id}
        value={typeof value === 'string' ? value : ''}
        placeholder={placeholder}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        autoComplete="off"
        spellCheck={false}
        rows={4}
        style={{ WebkitTextSecurity: 'disc' } as CSSProperties}
        status={rawErrors?.length ? 'error' : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
    );
  }
  return (
    <Input.Password
      id={id}
      name={id}
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      autoComplete="new-password"
      spellCheck={false}
      status={rawErrors?.length ? 'error' : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
