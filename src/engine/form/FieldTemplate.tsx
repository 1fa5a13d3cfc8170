import { Form, Typography } from 'antd';
import type { FieldTemplateProps } from '@rjsf/utils';
import { useLocale } from '../../lib/useLocale';

/**
 * One field: label, input, then its errors, or its help when it has none (the theme's own template shows the
 * help instead of the errors). Objects and arrays are laid out by their own templates; their errors (a variant
 * list whose weights do not add up, say) follow them. An array of choices is a single control with its label.
 */
export function FieldTemplate({ id, label, displayLabel, required, children, rawErrors, rawHelp, rawDescription, hidden, schema, uiSchema, registry }: FieldTemplateProps) {
  const { t, locale } = useLocale();
  if (hidden) return <div className="rjsf-field-hidden">{children}</div>;
  // The typed-value editor says where and why its JSON does not parse; the format check's line would repeat it.
  const repeated = uiSchema?.['ui:field'] === 'typedValue' ? t('validation.formats.typed-json') : undefined;
  const errors = [...new Set(rawErrors?.filter((e) => e && e !== repeated) ?? [])];
  // A list of choices (an array of enum values, or one a widget edits whole) is one control, labelled like any
  // single value.
  const oneControl = registry.schemaUtils.isMultiSelect(schema) || typeof uiSchema?.['ui:widget'] === 'string';
  const isContainer = schema.type === 'object' || (schema.type === 'array' && !oneControl);
  const custom = typeof uiSchema?.['ui:field'] === 'string';
  // RJSF hides the label of any field replaced by `ui:field`; a replaced single value still deserves one.
  const showLabel = displayLabel || (custom && !isContainer && uiSchema?.['ui:label'] !== false);
  if (isContainer && !custom) {
    return (
      <div style={{ marginBottom: 16 }}>
        {children}
        {errors.map((e) => (
          <Typography.Text key={e} type="danger" style={{ display: 'block' }}>
            {e}
          </Typography.Text>
        ))}
      </div>
    );
  }
  return (
    <Form.Item
      label={showLabel ? label : undefined}
      htmlFor={id}
      required={required}
      validateStatus={errors.length && !isContainer ? 'error' : undefined}
      help={errors.length && !isContainer ? errors.map((e) => <div key={e}>{e}</div>) : undefined}
      // A field's help in the user's language; the schema's description is the API document's English words.
      extra={rawHelp || (locale === 'en' ? rawDescription : undefined) || undefined}
      style={{ marginBottom: isContainer ? 0 : 16 }}
      labelCol={{ span: 24 }}
      wrapperCol={{ span: 24 }}
    >
      {children}
    </Form.Item>
  );
}
