import { useEffect, useRef } from 'react';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { useLocale } from '../lib/useLocale';
import type { JsonSchema } from '../../resources/types';
import { SchemaAnswer, type DetailContext } from './DetailView';
import { PRE } from './FieldValue';

export interface AnswerRequest {
  title: string;
  answer: unknown;
  /** The answer's declared schema (`CommandDecl.answer`): its fields then show titled and read by their hints. */
  schema?: JsonSchema;
  context?: DetailContext;
}

function Value({ value }: { value: unknown }) {
  const { t } = useLocale();
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>;
  if (typeof value === 'boolean') return <>{value ? t('common.yes') : t('common.no')}</>;
  if (typeof value === 'object') return <pre style={PRE}>{JSON.stringify(value, null, 2)}</pre>;
  return <>{String(value)}</>;
}

/** An answer holding a list of objects (shown as a table, e.g. a backup's download links) gets a wider dialog. */
const holdsTable = (schema: JsonSchema | undefined): boolean =>
  Object.values(schema?.properties ?? {}).some((p) => p.type === 'array' && (p.items as JsonSchema | undefined)?.type === 'object');

/**
 * What a reading command, or one declaring its `answer`, answered: an object's fields one per row (titled and read by
 * the declared schema when there is one), else as JSON.
 */
export function AnswerDialog({ request, onClose }: { request?: AnswerRequest; onClose: () => void }) {
  const { t } = useLocale();
  const answer = request?.answer;
  const isObject = !!answer && typeof answer === 'object' && !Array.isArray(answer);
  const close = useRef<HTMLButtonElement>(null);
  const open = !!request;
  const focusOutside = () => !close.current?.closest('.ant-modal-wrap')?.contains(document.activeElement);
  // Escape closes it wherever the focus is: a menu closing after the dialog opened (a command chosen from a row's
  // menu) may give the focus back to its own button, outside the dialog, where the dialog's own Escape never hears it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && focusOutside()) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <Modal
      title={request?.title}
      open={open}
      onCancel={onClose}
      width={holdsTable(request?.schema) ? 960 : 640}
      destroyOnHidden
      // Once open, the dialog holds the focus, on its Close button (unless the focus is in it already).
      afterOpenChange={(open) => {
        if (open && focusOutside()) close.current?.focus();
      }}
      footer={
        <Button ref={close} type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <div data-testid="command-answer">
        {isObject && request?.schema && request.context ? (
          <SchemaAnswer context={request.context} schema={request.schema} answer={answer as Record<string, unknown>} />
        ) : isObject ? (
          <Descriptions
            bordered
            size="small"
            column={1}
            items={Object.entries(answer as Record<string, unknown>).map(([key, value]) => ({ key, label: key, children: <Value value={value} /> }))}
          />
        ) : (
          <Value value={answer} />
        )}
      </div>
    </Modal>
  );
}
