import { useMemo, useState } from 'react';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../../resources/types';
import { useLocale } from '../../lib/useLocale';
import type { FormContext, FormParent } from './context';
import { translateErrors } from './errors';
import { ArrayFieldItemTemplate, ArrayFieldTemplate, ObjectFieldTemplate } from './ContainerTemplates';
import { FieldTemplate } from './FieldTemplate';
import { buildUiSchema } from './uiSchema';
import { validatorFor } from './validator';
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
  /** The record the form works under, for choices of records that exist only under it. */
  parent?: FormParent;
  disabled?: boolean;
  autofocus?: boolean;
  /** Top-level fields shown without their own label (the page around them names them). */
  unlabelled?: string[];
}

const TEMPLATES = { FieldTemplate, ObjectFieldTemplate, ArrayFieldTemplate, ArrayFieldItemTemplate };

/**
 * A declared entity's form: RJSF with the antd theme, validated by the same schema as the server (with checks
 * compiled from it when the console is built, see ./validator), laid out
 * from the schema's `x-ui` hints. Errors show once the user first tries to submit, then as they type.
 */
export default function SchemaForm(props: SchemaFormProps) {
  const { id, schema, formData, onChange, onSubmit, extraErrors, appId, serviceName, parent, disabled, autofocus = true, unlabelled } = props;
  const { t, locale } = useLocale();
  const uiSchema = useMemo(() => {
    const ui = buildUiSchema(schema, locale, FIELD_NAMES, autofocus);
    for (const name of unlabelled ?? []) ui[name] = { ...(ui[name] as object), 'ui:label': false };
    return ui;
  }, [schema, locale, autofocus, unlabelled]);
  const validator = useMemo(() => validatorFor(schema as RJSFSchema), [schema]);
  const formContext: FormContext = useMemo(() => ({ appId, serviceName, rootData: formData, parent }), [appId, serviceName, formData, parent]);
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
      templates={TEMPLATES}
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
