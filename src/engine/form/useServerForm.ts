import { useCallback, useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import { isApiError } from '../../../providers/http';
import { translateServerMessage } from '../../../providers/i18n';
import type { FieldIssue } from '../../../providers/types';
import { detailsToErrorSchema } from './errors';

/** A refused save: the server's message, and the details that name no field of this form. */
export interface FormFailure {
  message: string;
  others: FieldIssue[];
}

/**
 * The state of a form whose saves the server may refuse: what is typed, the server's field errors put back on
 * the fields the form shows, and the rest of the refusal for the form as a whole.
 */
export function useServerForm(initial: Record<string, unknown>, fields: readonly string[]) {
  const [data, setData] = useState<Record<string, unknown>>(initial);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>();
  const [failure, setFailure] = useState<FormFailure>();

  const reset = useCallback(() => {
    setData(initial);
    setExtraErrors(undefined);
    setFailure(undefined);
  }, [initial]);

  /**
   * A real change clears the server's field errors, which no longer describe the form. The form also reports
   * unchanged data (around a submit, say); that must not wipe the errors the user is about to read.
   */
  const change = (next: Record<string, unknown>) => {
    if (extraErrors && JSON.stringify(next) !== JSON.stringify(data)) setExtraErrors(undefined);
    setData(next);
  };

  /** Shows a refused save, answering whether any of it landed on the form's fields; anything that is not an API answer is rethrown. */
  const refuse = (error: unknown): boolean => {
    if (!isApiError(error)) throw error;
    const shown = new Set(fields);
    const onFields = error.details.filter((d) => d.field.startsWith('/') && shown.has(d.field.split('/')[1]));
    setExtraErrors(onFields.length ? detailsToErrorSchema(onFields, translateServerMessage) : undefined);
    setFailure({ message: error.message, others: error.details.filter((d) => !onFields.includes(d)) });
    return onFields.length > 0;
  };

  return { data, change, extraErrors, failure, reset, refuse, clearFailure: () => setFailure(undefined) };
}
