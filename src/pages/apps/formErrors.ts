import type { FormInstance } from 'antd';
import { isApiError } from '../../../providers/http';
import { translateServerMessage } from '../../../providers/i18n';

/**
 * Puts a refused call's field errors (`details`, JSON pointers such as `/ProjectName`) on the antd form fields of
 * the same path. The call's own toast already said what went wrong as a whole.
 */
export function showServerErrors(form: FormInstance, error: unknown): void {
  if (!isApiError(error)) return;
  const names = new Set(Object.keys(form.getFieldsValue(true)));
  const fields = error.details
    .filter((d) => d.field.startsWith('/'))
    .map((d) => ({ name: d.field.split('/').slice(1), errors: [translateServerMessage(d.message)] }))
    .filter((f) => f.name.length > 0 && names.has(f.name[0]));
  if (fields.length) form.setFields(fields);
}
