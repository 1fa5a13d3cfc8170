import type { FormInstance } from 'antd';
import { isApiError, request } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import { showFieldErrors } from '../../lib/fieldErrors';

/**
 * Sends an account form's call without a session. Field errors land on the form's fields; any other failure
 * is shown as a toast. Answers the reply, or undefined when the call failed.
 */
export async function submitAccountForm<T>(form: FormInstance, path: string, body: object, fields: string[]): Promise<{ reply: T } | undefined> {
  try {
    const reply = (await request<T>(path, { method: 'POST', body, anonymous: true, silent: true, throwResponse: true })) as T;
    return { reply };
  } catch (error) {
    if (!showFieldErrors(form, error, fields)) toast('error', isApiError(error) ? error.message : String(error));
    return undefined;
  }
}
