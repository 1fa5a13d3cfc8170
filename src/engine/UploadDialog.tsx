import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Radio, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { isApiError } from '../../providers/http';
import { translateServerMessage } from '../../providers/i18n';
import { useLocale } from '../lib/useLocale';
import { ImportReport, isImportResult, type ImportResult } from './ImportReport';

export type ImportFormat = 'csv' | 'json';

export interface UploadRequest {
  title: string;
  /** The columns a row may carry (the create form's fields), shown as a hint. */
  columns: string[];
  /** Sends `{ format, content }`; answers the per-row report. */
  submit: (format: ImportFormat, content: string) => Promise<unknown>;
}

interface Props {
  request?: UploadRequest;
  onClose: (imported: boolean) => void;
}

/** The format a file name says it holds. */
export function formatOf(fileName: string): ImportFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ext === 'csv' ? 'csv' : ext === 'json' ? 'json' : undefined;
}

/** 1 MB of text, the import body's limit. */
const MAX_BYTES = 1_000_000;

/**
 * An import: pick a CSV (header line first) or JSON (an array of records) file, send its text, then read the
 * per-row report — which rows were stored and why the others were refused.
 */
export function UploadDialog({ request, onClose }: Props) {
  const { t, locale } = useLocale();
  const [file, setFile] = useState<{ name: string; content: string }>();
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportResult>();

  useEffect(() => {
    if (!request) return;
    setFile(undefined);
    setProblem(undefined);
    setReport(undefined);
    setFormat('csv');
  }, [request]);

  const pick = async (picked: File) => {
    setProblem(undefined);
    setReport(undefined);
    if (picked.size > MAX_BYTES) {
      setFile(undefined);
      setProblem(t('engine.import.tooLarge'));
      return;
    }
    setFile({ name: picked.name, content: await picked.text() });
    setFormat(formatOf(picked.name) ?? format);
  };

  const send = async () => {
    if (!request || !file) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await request.submit(format, file.content);
      if (isImportResult(answer)) setReport(answer);
      else onClose(true);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const details = error.details.map((d) => translateServerMessage(d.message)).join('; ');
      setProblem(details ? `${error.message}: ${details}` : error.message);
    } finally {
      setBusy(false);
    }
  };

  const separator = locale === 'zh-CN' ? '、' : ', ';
  return (
    <Modal
      title={request?.title}
      open={!!request}
      onCancel={() => onClose(!!report)}
      destroyOnHidden
      maskClosable={false}
      width={640}
      footer={
        report ? (
          <Button type="primary" onClick={() => onClose(true)} data-testid="import-done">
            {t('common.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={!file} loading={busy} onClick={() => void send()} data-testid="import-send">
              {t('engine.import.send')}
            </Button>
          </Space>
        )
      }
    >
      {report ? (
        <ImportReport report={report} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('engine.import.hint')}
            {request && request.columns.length > 0 && (
              <>
                {' '}
                {t('engine.import.columns')}
                {request.columns.map((c, i) => (
                  <span key={c}>
                    {i > 0 && separator}
                    <Typography.Text code>{c}</Typography.Text>
                  </span>
                ))}
              </>
            )}
          </Typography.Paragraph>
          <Upload.Dragger
            accept=".csv,.json,text/csv,application/json"
            multiple={false}
            showUploadList={false}
            beforeUpload={(picked) => {
              void pick(picked);
              return false;
            }}
            data-testid="import-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{file ? file.name : t('engine.import.pick')}</p>
            <p className="ant-upload-hint">{file ? t('engine.import.pickAnother') : t('engine.import.pickHint')}</p>
          </Upload.Dragger>
          <Space style={{ marginTop: 16 }}>
            <Typography.Text id="import-format-label">{t('engine.import.format')}</Typography.Text>
            <Radio.Group
              aria-labelledby="import-format-label"
              value={format}
              onChange={(e) => setFormat(e.target.value as ImportFormat)}
              options={[
                { value: 'csv', label: 'CSV' },
                { value: 'json', label: 'JSON' },
              ]}
            />
          </Space>
          {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 16 }} />}
        </>
      )}
    </Modal>
  );
}
