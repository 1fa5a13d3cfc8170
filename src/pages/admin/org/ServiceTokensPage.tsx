import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Empty, Flex, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { findService } from '../../../../providers/services';
import { TOKEN_STATUSES, type ServiceTokenItem, type ServiceTokenList, type TokenStatus } from '../../../../resources/org-api';
import { requireOk } from '../../../../providers/http';
import { toast } from '../../../../providers/notification';
import { PageHeader } from '../../../engine/PageHeader';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useApiGet } from '../../org/data';
import { appConsolePath } from '../../org/ProjectsCard';
import { GeneratedTokens, GenerateTokensDialog } from './GenerateTokensDialog';

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<TokenStatus, string> = { Active: 'green', Fulfilled: 'default' };
const KIND_COLORS: Record<string, string> = { credit: 'gold', trial: 'purple' };
const tokenPath = (id: string) => `/api/service-token/${encodeURIComponent(id)}`;

/** `/admin/token`: the redeemable credit and trial codes — list, generate, copy, regenerate, delete. */
export default function ServiceTokensPage() {
  const { t, text } = useLocale();
  usePageTitle(t('org.tokens.title'));
  const [status, setStatus] = useState<TokenStatus | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [generating, setGenerating] = useState(false);
  const [issued, setIssued] = useState<ServiceTokenItem[]>([]);
  const list = useApiGet<ServiceTokenList>('/api/service-token', {
    count: PAGE_SIZE,
    start: (page - 1) * PAGE_SIZE,
    status: status || undefined,
    q: q.trim() || undefined,
  });
  const items = list.data?.Items ?? [];
  const filtered = !!status || !!q.trim();

  async function change(token: ServiceTokenItem, method: 'PUT' | 'DELETE') {
    try {
      await requireOk(tokenPath(token.Id), { method });
      toast('success', method === 'PUT' ? t('org.tokens.regenerated') : t('org.tokens.deleted'));
      void list.refetch();
    } catch {
      // The toast already said why.
    }
  }

  const valueOf = (tk: ServiceTokenItem) =>
    tk.Kind === 'credit'
      ? `¥${formatAmount(tk.Amount)}`
      : t('org.tokens.trialValue', { service: text(findService(tk.Service ?? '')?.catalogue.displayName) || tk.Service, days: tk.TrialDays });

  const actions = (tk: ServiceTokenItem) => {
    const used = tk.Status === 'Fulfilled';
    const regenerate = (
      <Button size="small" type="text" icon={<ReloadOutlined />} disabled={used} data-testid={`token-regenerate-${tk.Id}`}>
        {t('org.tokens.regenerate')}
      </Button>
    );
    const remove = (
      <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={used} data-testid={`token-delete-${tk.Id}`}>
        {t('common.delete')}
      </Button>
    );
    if (used) {
      return (
        <Tooltip title={t('org.tokens.usedHint')}>
          <Space size={0}>
            {regenerate}
            {remove}
          </Space>
        </Tooltip>
      );
    }
    return (
      <Space size={0}>
        <Popconfirm title={t('org.tokens.regenerateConfirm')} okText={t('org.tokens.regenerate')} cancelText={t('common.cancel')} onConfirm={() => change(tk, 'PUT')}>
          {regenerate}
        </Popconfirm>
        <Popconfirm
          title={t('org.tokens.deleteConfirm')}
          okText={t('common.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => change(tk, 'DELETE')}
        >
          {remove}
        </Popconfirm>
      </Space>
    );
  };

  const columns = [
    {
      title: t('org.tokens.columns.token'),
      dataIndex: 'Token',
      render: (code: string, tk: ServiceTokenItem) => (
        <Typography.Text code copyable={{ text: code }} delete={tk.Status === 'Fulfilled'} style={{ whiteSpace: 'nowrap' }} data-testid={`token-code-${tk.Id}`}>
          {code}
        </Typography.Text>
      ),
    },
    { title: t('org.tokens.columns.kind'), dataIndex: 'Kind', render: (k: string) => <Tag color={KIND_COLORS[k]}>{t(`org.tokens.kinds.${k}`)}</Tag> },
    { title: t('org.tokens.columns.value'), key: 'value', render: (_: unknown, tk: ServiceTokenItem) => valueOf(tk) },
    { title: t('org.tokens.columns.note'), dataIndex: 'Note', render: (n: string) => n || <Typography.Text type="secondary">—</Typography.Text> },
    {
      title: t('org.tokens.columns.status'),
      dataIndex: 'Status',
      render: (s: TokenStatus, tk: ServiceTokenItem) => (
        <Tag color={STATUS_COLORS[s]} data-testid={`token-status-${tk.Id}`}>
          {t(`org.tokens.status.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('org.tokens.columns.fulfilled'),
      key: 'fulfilled',
      render: (_: unknown, tk: ServiceTokenItem) =>
        tk.FulfilledAppId ? (
          <Space direction="vertical" size={0}>
            <Link to={appConsolePath(tk.FulfilledAppId)}>
              <code>{tk.FulfilledAppId}</code>
            </Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('org.tokens.fulfilledAt', { time: formatDateTime(tk.FulfilledAt) })}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: t('org.tokens.columns.createdBy'), dataIndex: 'CreatedBy' },
    { title: t('org.tokens.columns.createdAt'), dataIndex: 'CreatedAt', render: (v: string) => formatDateTime(v) },
    { title: t('common.actions'), key: 'actions', fixed: 'right' as const, render: (_: unknown, tk: ServiceTokenItem) => actions(tk) },
  ];

  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('org.tokens.noMatch') : t('org.tokens.empty')}>
      {!filtered && <Typography.Text type="secondary">{t('org.tokens.emptyHint')}</Typography.Text>}
    </Empty>
  );

  return (
    <>
      <PageHeader
        title={t('org.tokens.title')}
        subtitle={t('org.tokens.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)} data-testid="token-generate">
            {t('org.tokens.generate')}
          </Button>
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select<TokenStatus | ''>
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            style={{ width: 160 }}
            options={[{ value: '', label: t('org.tokens.statusAll') }, ...TOKEN_STATUSES.map((s) => ({ value: s, label: t(`org.tokens.status.${s}`) }))]}
            aria-label={t('org.tokens.columns.status')}
            data-testid="token-status-filter"
          />
          <Input.Search
            allowClear
            placeholder={t('org.tokens.search')}
            onSearch={(v) => {
              setQ(v);
              setPage(1);
            }}
            style={{ maxWidth: 360 }}
            data-testid="token-search"
          />
        </Flex>
        {list.error && (
          <Alert
            type="error"
            showIcon
            message={list.error.message}
            action={<Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>}
            style={{ marginBottom: 16 }}
          />
        )}
        <Table<ServiceTokenItem>
          rowKey="Id"
          loading={list.loading}
          columns={columns}
          dataSource={items}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: empty }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.TotalCount ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('common.total', { total }),
            onChange: setPage,
          }}
          onRow={(tk) => ({ 'data-testid': `token-row-${tk.Id}` }) as object}
          data-testid="tokens-table"
        />
      </Card>
      <GenerateTokensDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onDone={(created) => {
          setGenerating(false);
          setIssued(created);
          setPage(1);
          void list.refetch();
        }}
      />
      <GeneratedTokens items={issued} onClose={() => setIssued([])} />
    </>
  );
}
