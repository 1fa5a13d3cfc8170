import { useEffect, useState } from 'react';
import { Flex, Input, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { findService } from '../../../../providers/services';
import { request } from '../../../../providers/http';
import { translateServerMessage } from '../../../../providers/i18n';
import { useLocale } from '../../../lib/useLocale';
import type { FormContext } from '../context';

const MONO: React.CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const DEBOUNCE_MS = 500;

export interface RuleProblem {
  message: string;
  index?: number;
  line?: number;
  column?: number;
  token?: string;
}

type Verdict = { state: 'empty' | 'checking' | 'valid' | 'unavailable' } | { state: 'invalid'; error: RuleProblem };

/** The server's message without its own "Line 1, column 5:" prefix (the position is shown separately). */
const reasonOf = (message: string) => translateServerMessage(message.replace(/^line \d+, column \d+:\s*/i, ''));

/** The line of the rule with a caret under the column where the problem is. */
function Pointer({ rule, error }: { rule: string; error: RuleProblem }) {
  if (!error.line || !error.column) return null;
  const line = rule.split('\n')[error.line - 1] ?? '';
  return (
    <pre style={{ ...MONO, margin: 0, fontSize: 12, lineHeight: 1.5, whiteSpace: 'pre', overflowX: 'auto' }}>
      {line}
      {'\n'}
      <span style={{ color: '#ff4d4f' }}>{`${' '.repeat(Math.max(0, error.column - 1))}^`}</span>
    </pre>
  );
}

/**
 * `x-ui.widget: expression`: a targeting rule, checked by the service (`POST <base><x-ui.validatePath>`) shortly
 * after typing stops, showing "valid" or the error with its position.
 */
export function ExpressionWidget({ id, value, onChange, onBlur, disabled, readonly, autofocus, placeholder, options, registry, rawErrors }: WidgetProps) {
  const { t } = useLocale();
  const context = registry.formContext as FormContext;
  const service = findService(context.serviceName);
  const validatePath = typeof options.validatePath === 'string' ? options.validatePath : undefined;
  const rule = typeof value === 'string' ? value : '';
  const [verdict, setVerdict] = useState<Verdict>({ state: 'empty' });

  useEffect(() => {
    if (!rule.trim()) {
      setVerdict({ state: 'empty' });
      return;
    }
    if (!service || !validatePath || !context.appId) {
      setVerdict({ state: 'unavailable' });
      return;
    }
    setVerdict({ state: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      request<{ valid: boolean; error?: RuleProblem }>(`${service.base}${validatePath}`, {
        method: 'POST',
        body: { rule },
        appId: context.appId,
        ignoreErrors: true,
        signal: controller.signal,
      })
        .then((answer) => {
          if (!answer) setVerdict({ state: 'unavailable' });
          else if (answer.valid) setVerdict({ state: 'valid' });
          else setVerdict({ state: 'invalid', error: answer.error ?? { message: t('widgets.ruleInvalid') } });
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [rule, service, validatePath, context.appId, t]);

  const invalid = verdict.state === 'invalid' || !!rawErrors?.length;
  return (
    <Flex vertical gap={4}>
      <Input.TextArea
        id={id}
        value={rule}
        style={MONO}
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={placeholder}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        spellCheck={false}
        status={invalid ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => onBlur(id, value)}
      />
      <div aria-live="polite" data-testid={`${id}-verdict`}>
        {verdict.state === 'empty' && (
          <Typography.Text type="secondary">
            <InfoCircleOutlined /> {t('widgets.ruleEmpty')}
          </Typography.Text>
        )}
        {verdict.state === 'checking' && (
          <Typography.Text type="secondary">
            <LoadingOutlined /> {t('widgets.ruleChecking')}
          </Typography.Text>
        )}
        {verdict.state === 'valid' && (
          <Typography.Text type="success">
            <CheckCircleFilled /> {t('widgets.ruleValid')}
          </Typography.Text>
        )}
        {verdict.state === 'unavailable' && <Typography.Text type="warning">{t('widgets.ruleUnchecked')}</Typography.Text>}
        {verdict.state === 'invalid' && (
          <Flex vertical gap={2}>
            <Typography.Text type="danger">
              <CloseCircleFilled />{' '}
              {verdict.error.line && verdict.error.column
                ? t('widgets.ruleErrorAt', { line: verdict.error.line, column: verdict.error.column, reason: reasonOf(verdict.error.message) })
                : t('widgets.ruleError', { reason: reasonOf(verdict.error.message) })}
            </Typography.Text>
            <Pointer rule={rule} error={verdict.error} />
          </Flex>
        )}
      </div>
    </Flex>
  );
}
