import { useCallback, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, Empty, Flex, Select, Space, Tabs, Typography, type TabsProps } from 'antd';
import { canManage, type OrgRole } from '../../../resources/org-api';
import type { TransactionItem } from '../../../resources/transactions-api';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useOrganizations } from '../apps/useOrganizations';
import { LoadFailed, OrgShell } from '../org/OrgShell';
import { useBalances } from './api';
import { BalanceCard } from './BalanceCard';
import { TransactionsTable } from './TransactionsTable';

/** What a slot is told about the organisation on screen. */
export interface BillSlotContext {
  orgId: string;
  role: OrgRole | '';
  /** Owner or admin: may top up, request invoices and cancel pending deposits. */
  canManage: boolean;
  /** Reads the balance and the transactions again (after a payment, say). */
  reload: () => void;
}

/** The places other billing pages fill on the organisation's billing page. */
export interface OrgBillSlots {
  /** Beside the balance: the top-up button and the invoice request link. */
  balanceActions?: (c: BillSlotContext) => ReactNode;
  /** On each transaction row: a per-transaction invoice link, for example. */
  rowActions?: (t: TransactionItem, c: BillSlotContext) => ReactNode;
  /** Tabs after the transactions tab: the monthly bills. */
  extraTabs?: (c: BillSlotContext) => NonNullable<TabsProps['items']>;
}

/**
 * `/apps/bill`: an organisation's balance (every field) and transactions, the organisation chosen in a picker (kept
 * in `?orgId=`). Owners and admins cancel their own pending deposits.
 */
export function OrgBillView({ balanceActions, rowActions, extraTabs }: OrgBillSlots) {
  const { t } = useLocale();
  usePageTitle(t('billing.bill.title'));
  const [params, setParams] = useSearchParams();
  const { organizations, loading } = useOrganizations(false);
  const [reloads, setReloads] = useState(0);
  const orgId = params.get('orgId') ?? organizations[0]?.Id;
  const org = organizations.find((o) => o.Id === orgId);
  const balances = useBalances({ orgId }, !!orgId);

  const { refetch } = balances;
  // Stable, so a slot that reloads from an effect (after a payment) runs once, not on every render.
  const reload = useCallback(() => {
    void refetch();
    setReloads((n) => n + 1);
  }, [refetch]);
  const ctx: BillSlotContext | undefined = orgId ? { orgId, role: org?.Role ?? '', canManage: canManage(org?.Role), reload } : undefined;

  const picker = (
    <Space>
      <Typography.Text type="secondary">{t('billing.bill.org')}</Typography.Text>
      <Select
        value={orgId}
        loading={loading}
        placeholder={t('billing.bill.orgPlaceholder')}
        onChange={(id: string) => setParams({ orgId: id }, { replace: true })}
        options={organizations.map((o) => ({ value: o.Id, label: o.Name }))}
        showSearch
        optionFilterProp="label"
        style={{ minWidth: 220 }}
        aria-label={t('billing.bill.org')}
        data-testid="bill-org-picker"
      />
    </Space>
  );

  const body = () => {
    if (!loading && organizations.length === 0) {
      return (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.bill.noOrgTitle')} data-testid="bill-no-org">
            <Space direction="vertical">
              <Typography.Text type="secondary">{t('billing.bill.noOrgHint')}</Typography.Text>
              <Link to="/orgs?create=1">
                <Button type="primary">{t('billing.bill.createOrg')}</Button>
              </Link>
            </Space>
          </Empty>
        </Card>
      );
    }
    if (balances.error) {
      return <LoadFailed error={balances.error} title={t('billing.bill.unavailable')} hint={t('billing.bill.unavailableHint')} onRetry={() => void balances.refetch()} />;
    }
    if (!ctx) return <Card loading />;
    const transactions = (
      <TransactionsTable
        key={ctx.orgId}
        base={{ orgId: ctx.orgId }}
        canCancel={ctx.canManage}
        rowActions={rowActions ? (tx) => rowActions(tx, ctx) : undefined}
        onChanged={() => void balances.refetch()}
        reloadKey={reloads}
      />
    );
    return (
      <>
        <BalanceCard balance={balances.data?.Items[0]} loading={balances.loading} actions={balanceActions?.(ctx)} />
        <Card>
          <Tabs items={[{ key: 'transactions', label: t('billing.bill.tabTransactions'), children: transactions }, ...(extraTabs?.(ctx) ?? [])]} />
        </Card>
      </>
    );
  };

  return (
    <OrgShell>
      <PageHeader title={t('billing.bill.title')} subtitle={t('billing.bill.subtitle')} extra={organizations.length > 0 && <Flex>{picker}</Flex>} />
      {body()}
    </OrgShell>
  );
}
