import type { FormInstance } from 'antd';
import { isApiError } from '../../providers/http';

/**
 * Shows a refused call's field errors (`/Name`, `/Items/0/Amount` → Name, Items) on the form's fields — only on
 * `names` when given. Answers whether any landed.
 */
export function showFieldErrors(form: FormInstance, error: unknown, names?: string[]): boolean {
  if (!isApiError(error)) return false;
  const fields = Object.entries(error.errors)
    .filter(([pointer]) => pointer.startsWith('/') && pointer.length > 1)
    .map(([pointer, message]) => ({ name: pointer.slice(1).split('/')[0], errors: [message] }))
    .filter((f) => !names || names.includes(f.name));
  form.setFields(fields);
  return fields.length > 0;
}
