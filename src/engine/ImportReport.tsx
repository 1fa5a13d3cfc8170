import { Alert, Flex, Statistic, Table, Typography } from 'antd';
import { translateServerMessage } from '../../providers/i18n';
import type { FieldIssue } from '../../providers/types';
import { useLocale } from '../lib/useLocale';

/** What an import answers: how many rows it read and stored, and each refused row with its reasons. */
export interface ImportResult {
  total: number;
  imported: number;
  failed: { row: number; errors: FieldIssue[] }[];
}

export function isImportResult(value: unknown): value is ImportResult {
  const v = value as ImportResult | null;
  return !!v && typeof v === 'object' && typeof v.total === 'number' && typeof v.imported === 'number' && Array.isArray(v.failed);
}

/** A field pointer as people read it: `/price/amount` → `price.amount`; the row itself → nothing. */
const fieldName = (pointer: string) => pointer.replace(/^\//, '').split('/').filter(Boolean).join('.');

/** An import's per-row report: the counts, then a table of the refused rows (row numbers count from 1). */
export function ImportReport({ report }: { report: ImportResult }) {
  const { t } = useLocale();
  const failed = report.failed.length;
  return (
    <div data-testid="import-report">
      <Flex gap={32} style={{ marginBottom: 16 }}>
        <Statistic title={t('engine.import.total')} value={report.total} />
        <Statistic title={t('engine.import.imported')} value={report.imported} valueStyle={{ color: '#237804' }} />
        <Statistic title={t('engine.import.failed')} value={failed} valueStyle={failed ? { color: '#a8071a' } : undefined} />
      </Flex>
      {failed === 0 ? (
        <Alert type="success" showIcon message={t('engine.import.allImported', { count: report.imported })} />
      ) : (
        <>
          <Alert type="warning" showIcon message={t('engine.import.someFailed', { count: failed })} style={{ marginBottom: 12 }} />
          <Table
            size="small"
            rowKey="row"
            dataSource={report.failed}
            pagination={report.failed.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('engine.import.row'), width: 72 },
              {
                key: 'errors',
                title: t('engine.import.errors'),
                render: (_: unknown, r: ImportResult['failed'][number]) => (
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {r.errors.map((e) => (
                      <li key={`${e.field}|${e.message}`}>
                        {fieldName(e.field) && <Typography.Text code>{fieldName(e.field)}</Typography.Text>} {translateServerMessage(e.message)}
                      </li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
