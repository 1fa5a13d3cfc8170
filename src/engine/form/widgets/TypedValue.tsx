import { useEffect, useMemo } from 'react';
import { Button, Flex, Input, Switch, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { FieldProps } from '@rjsf/utils';
import { VALUE_TYPES, type ValueType } from '../../../../resources/formats';
import { useLocale } from '../../../lib/useLocale';
import { valueAt, type FormContext } from '../context';
import { jsonProblem } from '../jsonProblem';

const MONO: React.CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

export interface TypedValueInputProps {
  type: ValueType | undefined;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  placeholder?: string;
}

function JsonEditor({ value, onChange, onBlur, id, disabled, autoFocus, invalid }: TypedValueInputProps) {
  const { t } = useLocale();
  const problem = useMemo(() => jsonProblem(value), [value]);
  const format = () => {
    if (value && !problem) onChange(JSON.stringify(JSON.parse(value), null, 2));
  };
  return (
    <Flex vertical gap={4}>
      <Input.TextArea
        id={id}
        value={value ?? ''}
        style={MONO}
        autoSize={{ minRows: 3, maxRows: 14 }}
        disabled={disabled}
        autoFocus={autoFocus}
        status={invalid || problem ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={onBlur}
        spellCheck={false}
      />
      {value ? (
        <Flex justify="space-between" align="center">
          {problem ? (
            <Typography.Text type="danger">
              <CloseCircleFilled />{' '}
              {t('widgets.jsonInvalidAt', { line: problem.line, column: problem.column, reason: t(`widgets.jsonErrors.${problem.code}`, { defaultValue: t('validation.formats.typed-json') }) })}
            </Typography.Text>
          ) : (
            <Typography.Text type="success">
              <CheckCircleFilled /> {t('widgets.jsonValid')}
            </Typography.Text>
          )}
          <Button size="small" type="link" disabled={!!problem || disabled} onClick={format}>
            {t('widgets.jsonFormat')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}

/** A value typed by its config: a switch for BOOL, a JSON editor, a numeric input, or text. Stored as text. */
export function TypedValueInput(props: TypedValueInputProps) {
  const { type, value, onChange, onBlur, id, disabled, autoFocus, invalid, placeholder } = props;
  const { t } = useLocale();
  const isBool = type === 'BOOL';
  useEffect(() => {
    // BOOL values are "true" or "false"; anything else left from another type becomes one of them.
    if (isBool && value !== 'true' && value !== 'false') onChange(value?.trim().toLowerCase() === 'true' ? 'true' : 'false');
  }, [isBool, value, onChange]);

  if (isBool) {
    return (
      <Switch
        id={id}
        checked={value === 'true'}
        disabled={disabled}
        autoFocus={autoFocus}
        checkedChildren="true"
        unCheckedChildren="false"
        style={{ alignSelf: 'flex-start' }}
        onChange={(checked) => onChange(checked ? 'true' : 'false')}
      />
    );
  }
  if (type === 'JSON') return <JsonEditor {...props} />;
  if (type === 'INT' || type === 'LONG' || type === 'FLOAT') {
    return (
      <Input
        id={id}
        value={value ?? ''}
        style={MONO}
        inputMode={type === 'FLOAT' ? 'decimal' : 'numeric'}
        placeholder={placeholder ?? t('widgets.numberHint', { type })}
        disabled={disabled}
        autoFocus={autoFocus}
        status={invalid ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value.trim())}
        onBlur={onBlur}
      />
    );
  }
  return (
    <Input.TextArea
      id={id}
      value={value ?? ''}
      autoSize={{ minRows: 1, maxRows: 8 }}
      placeholder={placeholder}
      disabled={disabled}
      autoFocus={autoFocus}
      status={invalid ? 'error' : undefined}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={onBlur}
      onPressEnter={(e) => {
        // Enter submits the form as in any other input; Shift+Enter writes a new line.
        if (!e.shiftKey) {
          e.preventDefault();
          (e.target as HTMLTextAreaElement).form?.requestSubmit();
        }
      }}
    />
  );
}

export const asValueType = (value: unknown): ValueType | undefined =>
  VALUE_TYPES.includes(value as ValueType) ? (value as ValueType) : undefined;

/** `x-ui.widget: typedValue`: the value input follows the sibling field named by `x-ui.typeField`. */
export function TypedValueField({ formData, onChange, onBlur, fieldPathId, registry, uiSchema, disabled, readonly, autofocus, rawErrors }: FieldProps) {
  const context = registry.formContext as FormContext;
  const typeField = String((uiSchema?.['ui:options'] as { typeField?: string } | undefined)?.typeField ?? 'type');
  const type = asValueType(valueAt(context.rootData, [...fieldPathId.path.slice(0, -1), typeField]));
  return (
    <TypedValueInput
      id={fieldPathId.$id}
      type={type}
      value={typeof formData === 'string' ? formData : undefined}
      onChange={(v) => onChange(v, fieldPathId.path)}
      onBlur={() => onBlur(fieldPathId.$id, formData)}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      invalid={!!rawErrors?.length}
    />
  );
}
