import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Empty, Space, Table, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { offeredActions } from '../../../resources/action-call';
import { direction, TRANSACTIONS } from '../../../resources/billing-api';
import { BACK_OFFICE, ORG_MANAGERS } from '../../../resources/platform-entities';
import type { TransactionItem, TransactionQuery } from '../../../resources/transactions-api';
import { toast } from '../../../providers/notification';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { EntityActions } from '../../engine/EntityActions';
import { ActorTag } from '../ops/ActorTag';
import { useTransactions } from './api';
import { signedAmount } from './money';
import { NoteDialog } from './NoteDialog';
import { TransactionStatusTag, transactionTypeText } from './tags';
import { filterQuery, TransactionFilters, type FilterState } from './TransactionFilters';
import { translateServerMessage } from '../../../providers/i18n';

const PAGE_SIZE = 20;

export interface TransactionsTableProps {
  /** The fixed part of the query: one organisation's id, or a type. */
  base: TransactionQuery;
  /** The back office acts on every transaction (activate, invalidate, cancel, edit the note) and sees every type. */
  office?: boolean;
  /** A member who may cancel the organisation's own Pending deposits (owner or admin). */
  canCancel?: boolean;
  /** An organisation column, for lists across organisations; `orgLink` makes it a link. */
  showOrg?: boolean;
  orgLink?: (orgId: string) => string;
  /** More actions on a row (the invoice request link goes here). */
  rowActions?: (t: TransactionItem) => ReactNode;
  /** Called after a transaction changed, so the balance beside the list can be read again. */
  onChanged?: () => void;
  /** Changing it reads the list again (after a transaction was created elsewhere on the page). */
  reloadKey?: number;
}

const ICONS = { activate: <CheckCircleOutlined />, cancel: <StopOutlined />, invalidate: <CloseCircleOutlined /> };
const DONE: Record<string, string> = { activate: 'activated', cancel: 'cancelled', invalidate: 'invalidated' };

/** A transaction list with its filters, server-side paging, status tags and the moves the viewer may make. */
export function TransactionsTable({ base, office = false, canCancel = false, showOrg = false, orgLink, rowActions, onChanged, reloadKey = 0 }: TransactionsTableProps) {
  const { t } = useLocale();
  const [filters, setFilters] = useState<FilterState>({ type: base.type });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TransactionItem>();
  const list = useTransactions({ ...filterQuery(filters), ...base, count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE });
  const { refetch } = list;
  const firstKey = useRef(reloadKey);
  useEffect(() => {
    if (reloadKey !== firstKey.current) void refetch();
  }, [reloadKey, refetch]);
  const filtered = Object.values(filterQuery(filters)).some((v) => v !== undefined && v !== base.type);

  const changed = () => {
    void list.refetch();
    onChanged?.();
  };

  // Which moves a transaction offers, from which states and to whom, is declared once, in TRANSACTIONS; a member
  // cancels only the organisation's own deposits.
  const principals = office ? BACK_OFFICE : canCancel ? ORG_MANAGERS : [];
  const mayMove = (tx: TransactionItem) => () => office || tx.Type === 'Deposit';
  const movesFor = (tx: TransactionItem) =>
    offeredActions(TRANSACTIONS, tx, principals, mayMove(tx)).length > 0 && (
      <EntityActions
        key="moves"
        entity={TRANSACTIONS}
        record={tx}
        principals={principals}
        when={mayMove(tx)}
        variant="link"
        icons={ICONS}
        testId={(a) => `transaction-${a.name}-${tx.Id}`}
        cancelText={t('billing.transactions.keep')}
        onSettled={(a, ok) => {
          if (ok) toast('success', t(`billing.transactions.${DONE[a.name]}`));
          // After a refusal too: the transaction may have moved meanwhile.
          changed();
        }}
      />
    );

  const actions = (tx: TransactionItem) => {
    const items = [
      movesFor(tx),
      office && (
        <Button key="note" size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(tx)} data-testid={`transaction-note-${tx.Id}`}>
          {t('billing.transactions.editNote')}
        </Button>
      ),
      rowActions?.(tx),
    ].filter(Boolean);
    return items.length ? <Space size={0} wrap>{items}</Space> : <Typography.Text type="secondary">—</Typography.Text>;
  };

  const columns = [
    {
      title: t('billing.transactions.columns.createdAt'),
      dataIndex: 'CreatedAt',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
    ...(showOrg
      ? [
          {
            title: t('billing.transactions.columns.org'),
            key: 'org',
            render: (_: unknown, tx: TransactionItem) => (orgLink ? <Link to={orgLink(tx.OrgId)}>{tx.OrgName}</Link> : tx.OrgName),
          },
        ]
      : []),
    { title: t('billing.transactions.columns.type'), key: 'type', render: (_: unknown, tx: TransactionItem) => transactionTypeText(t, tx) },
    {
      title: t('billing.transactions.columns.amount'),
      dataIndex: 'Amount',
      align: 'right' as const,
      render: (v: string, tx: TransactionItem) => {
        const sign = direction(tx.Type, tx.AdjustmentType);
        return (
          <Typography.Text
            type={sign > 0 ? 'success' : undefined}
            delete={tx.Status === 'Invalid' || tx.Status === 'Cancelled'}
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            data-testid={`transaction-amount-${tx.Id}`}
          >
            {signedAmount(v, sign)}
          </Typography.Text>
        );
      },
    },
    {
      title: t('billing.transactions.columns.status'),
      dataIndex: 'Status',
      render: (s: TransactionItem['Status'], tx: TransactionItem) => <TransactionStatusTag status={s} testId={`transaction-status-${tx.Id}`} />,
    },
    { title: t('billing.transactions.columns.app'), dataIndex: 'AppId', render: (v: string | null) => (v ? <code>{v}</code> : <Typography.Text type="secondary">—</Typography.Text>) },
    {
      title: t('billing.transactions.columns.note'),
      dataIndex: 'Note',
      // A note the platform wrote is shown in the viewer's language; one an administrator wrote, as written.
      render: (v: string) =>
        v ? (
          <Tooltip title={translateServerMessage(v)}>
            <Typography.Text ellipsis style={{ maxWidth: 240 }}>
              {translateServerMessage(v)}
            </Typography.Text>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    ...(office ? [{ title: t('billing.transactions.columns.createdBy'), dataIndex: 'CreatedBy', render: (actor: string) => <ActorTag actor={actor} /> }] : []),
    {
      title: t('billing.transactions.columns.id'),
      dataIndex: 'Id',
      render: (v: string) => (
        <Typography.Text code copyable={{ text: v }} style={{ whiteSpace: 'nowrap' }}>
          {v.slice(0, 8)}
        </Typography.Text>
      ),
    },
    { title: t('common.actions'), key: 'actions', fixed: 'right' as const, render: (_: unknown, tx: TransactionItem) => actions(tx) },
  ];

  return (
    <>
      <TransactionFilters
        value={filters}
        office={office}
        fixedType={!!base.type}
        onChange={(v) => {
          setFilters(v);
          setPage(1);
        }}
      />
      {list.error && (
        <Alert
          type="error"
          showIcon
          message={list.error.message}
          action={<Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<TransactionItem>
        rowKey="Id"
        size="middle"
        loading={list.loading}
        columns={columns}
        dataSource={list.data?.Items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('billing.transactions.noMatch') : t('billing.transactions.empty')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.TotalCount ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('common.total', { total }),
          onChange: setPage,
        }}
        onRow={(tx) => ({ 'data-testid': `transaction-row-${tx.Id}` }) as object}
        data-testid="transactions-table"
      />
      <NoteDialog
        transaction={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          changed();
        }}
      />
    </>
  );
}
