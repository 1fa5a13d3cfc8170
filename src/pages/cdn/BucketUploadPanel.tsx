import { useRef, useState } from 'react';
import { Alert, Card, Flex, List, Progress, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { useLocale } from '../../lib/useLocale';
import { formatSize } from '../../lib/format';
import type { PanelProps } from '../registry-types';
import { cdnResource } from './cdn-api';
import { folderFiles, SKIPPED_DIRECTORIES } from './folder-files';
import { uploadFolder, type FileProgress } from './folder-upload';

const FINISHED: FileProgress['state'][] = ['done', 'unchanged', 'stored', 'failed'];

/**
 * On a bucket's page: a folder dropped (or chosen) is uploaded into the bucket, each file's progress and the total
 * shown; content already stored is not sent again, so a folder uploaded again after a refresh resumes where it was.
 */
export default function BucketUploadPanel({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const invalidate = useInvalidate();
  const bucketId = String(record.id);
  const [rows, setRows] = useState<FileProgress[]>([]);
  const [skipped, setSkipped] = useState(0);
  const [running, setRunning] = useState(false);
  const batch = useRef<unknown>(undefined);

  const start = async (chosen: File[]) => {
    const { files, skipped: left } = folderFiles(chosen);
    setSkipped(left);
    setRows(files.map(({ file, path }) => ({ path, size: file.size, sent: 0, state: 'waiting' })));
    if (!files.length) return;
    setRunning(true);
    try {
      await uploadFolder(appId, bucketId, files, (index, change) => setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row))));
    } catch {
      // The entries could not be read: the shared toast has said why; nothing was sent.
      setRows((all) => all.map((row) => (FINISHED.includes(row.state) ? row : { ...row, state: 'failed', error: t('cdnConsole.upload.notStarted') })));
    } finally {
      setRunning(false);
      void invalidate({ resource: cdnResource('entries'), invalidates: ['list'] });
    }
  };

  const total = rows.reduce((s, r) => s + r.size, 0);
  const sent = rows.reduce((s, r) => s + Math.min(r.sent, r.size), 0);
  const failed = rows.filter((r) => r.state === 'failed').length;
  const finished = rows.filter((r) => FINISHED.includes(r.state)).length;

  return (
    <Card title={t('cdnConsole.upload.title')} data-testid="cdn-upload">
      <Upload.Dragger
        directory
        multiple
        disabled={running}
        showUploadList={false}
        beforeUpload={(_file, fileList) => {
          if (batch.current !== fileList) {
            batch.current = fileList;
            void start(fileList as File[]);
          }
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('cdnConsole.upload.drop')}</p>
        <p className="ant-upload-hint">{t('cdnConsole.upload.hint', { dirs: SKIPPED_DIRECTORIES.join(', ') })}</p>
      </Upload.Dragger>
      {rows.length > 0 || skipped > 0 ? (
        <div style={{ marginTop: 16 }}>
          <Typography.Text data-testid="cdn-upload-summary">
            {t('cdnConsole.upload.summary', { finished, count: rows.length, sent: formatSize(sent), total: formatSize(total), skipped })}
          </Typography.Text>
          <Progress percent={total ? Math.floor((sent / total) * 100) : finished === rows.length ? 100 : 0} status={failed ? 'exception' : running ? 'active' : 'success'} data-testid="cdn-upload-total" />
          {failed > 0 && !running ? <Alert type="warning" showIcon message={t('cdnConsole.upload.someFailed', { failed })} style={{ marginBottom: 8 }} /> : null}
          <List
            size="small"
            dataSource={rows}
            style={{ maxHeight: 320, overflow: 'auto' }}
            renderItem={(row) => (
              <List.Item data-testid="cdn-upload-file" data-state={row.state}>
                <Flex vertical style={{ width: '100%' }}>
                  <Flex justify="space-between" gap={8}>
                    <Typography.Text ellipsis>{row.path}</Typography.Text>
                    <Typography.Text type={row.state === 'failed' ? 'danger' : 'secondary'}>{t(`cdnConsole.upload.state.${row.state}`)}</Typography.Text>
                  </Flex>
                  {row.state === 'uploading' ? <Progress size="small" percent={row.size ? Math.floor((row.sent / row.size) * 100) : 100} /> : null}
                  {row.error ? <Typography.Text type="danger">{row.error}</Typography.Text> : null}
                </Flex>
              </List.Item>
            )}
          />
        </div>
      ) : null}
    </Card>
  );
}
