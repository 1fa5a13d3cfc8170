import { useMemo, useState } from 'react';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../../resources/types';
import { useLocale } from '../../lib/useLocale';
import type { FormContext } from './context';
import { translateErrors } from './errors';
import { FieldTemplate } from './FieldTemplate';
import { buildUiSchema } from './uiSchema';
import { validator } from './validator';
import { FIELD_NAMES, FIELDS, WIDGETS } from './widgets';

export interface SchemaFormProps {
  /** The form element's id: a submit button elsewhere names it in its `form` attribute. */
  id: string;
  schema: JsonSchema;
  formData: Record<string, unknown>;
  onChange: (data: Record<string, unknown>) => void;
  onSubmit: (data: Record<string, unknown>) => void;
  /** Errors from the server, by field. */
  extraErrors?: ErrorSchema;
  appId?: string;
  serviceName: string;
  disabled?: boolean;
  autofocus?: boolean;
}

/**
 * A declared entity's form: RJSF with the antd theme, validated by the same schema as the server, laid out
 * from the schema's `x-ui` hints. Errors show once the user first tries to submit, then as they type.
 */
export default function SchemaForm({ id, schema, formData, onChange, onSubmit, extraErrors, appId, serviceName, disabled, autofocus = true }: SchemaFormProps) {
  const { t, locale } = useLocale();
  const uiSchema = useMemo(() => buildUiSchema(schema, locale, FIELD_NAMES, autofocus), [schema, locale, autofocus]);
  const formContext: FormContext = useMemo(() => ({ appId, serviceName, rootData: formData }), [appId, serviceName, formData]);
  const [live, setLive] = useState(false);
  return (
    <Form
      id={id}
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={formData}
      formContext={formContext}
      validator={validator}
      widgets={WIDGETS}
      fields={FIELDS}
      templates={{ FieldTemplate }}
      extraErrors={extraErrors}
      transformErrors={(errors) => translateErrors(errors, t)}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      liveValidate={live ? 'onChange' : undefined}
      disabled={disabled}
      onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
      onError={() => setLive(true)}
      onSubmit={(event) => onSubmit((event.formData ?? {}) as Record<string, unknown>)}
    />
  );
}
