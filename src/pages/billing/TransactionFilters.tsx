import { Flex, Input, Select } from 'antd';
import { ADJUSTMENT_TYPES, TRANSACTION_STATUSES, TRANSACTION_TYPES, type AdjustmentType, type TransactionStatus, type TransactionType } from '../../../resources/billing-api';
import { MEMBER_TRANSACTION_TYPES, type TransactionQuery } from '../../../resources/transactions-api';
import { DURATION_FILTERS } from '../../lib/timeFilters';
import { useLocale } from '../../lib/useLocale';

/** What the filters choose: a part of the transaction query, and which time filter is on. */
export interface FilterState {
  type?: TransactionType;
  adjustmentType?: AdjustmentType;
  status?: TransactionStatus;
  time?: string;
  from?: string;
  to?: string;
  q?: string;
}

export const filterQuery = (f: FilterState): TransactionQuery => ({ type: f.type, adjustmentType: f.adjustmentType, status: f.status, from: f.from, to: f.to, q: f.q });

/**
 * Type, status and time filters of a transaction list; the back office also filters by adjustment direction and
 * searches (spec 000 §6: its extra search options and transaction types). Time ranges follow Shanghai's calendar.
 */
export function TransactionFilters({ value, onChange, office, fixedType }: { value: FilterState; onChange: (v: FilterState) => void; office: boolean; fixedType?: boolean }) {
  const { t, text } = useLocale();
  const types = office ? TRANSACTION_TYPES : MEMBER_TRANSACTION_TYPES;
  const setTime = (key: string) => {
    const option = DURATION_FILTERS.find((o) => o.key === key);
    const range = option?.range();
    onChange({ ...value, time: option?.key, from: range?.start, to: range?.end });
  };
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      {!fixedType && (
        <Select<TransactionType | ''>
          value={value.type ?? ''}
          onChange={(v) => onChange({ ...value, type: v || undefined, adjustmentType: v === 'Adjustment' ? value.adjustmentType : undefined })}
          style={{ width: 140 }}
          options={[{ value: '', label: t('billing.transactions.filters.type') }, ...types.map((v) => ({ value: v, label: t(`billing.types.${v}`) }))]}
          aria-label={t('billing.transactions.columns.type')}
          data-testid="transactions-type-filter"
        />
      )}
      {office && (fixedType || value.type === 'Adjustment') && (
        <Select<AdjustmentType | ''>
          value={value.adjustmentType ?? ''}
          onChange={(v) => onChange({ ...value, adjustmentType: v || undefined })}
          style={{ width: 140 }}
          options={[{ value: '', label: t('billing.transactions.filters.adjustmentType') }, ...ADJUSTMENT_TYPES.map((v) => ({ value: v, label: t(`billing.adjustmentTypes.${v}`) }))]}
          data-testid="transactions-direction-filter"
        />
      )}
      <Select<TransactionStatus | ''>
        value={value.status ?? ''}
        onChange={(v) => onChange({ ...value, status: v || undefined })}
        style={{ width: 140 }}
        options={[{ value: '', label: t('billing.transactions.filters.status') }, ...TRANSACTION_STATUSES.map((v) => ({ value: v, label: t(`billing.statuses.${v}`) }))]}
        aria-label={t('billing.transactions.columns.status')}
        data-testid="transactions-status-filter"
      />
      <Select<string>
        value={value.time ?? ''}
        onChange={setTime}
        style={{ width: 160 }}
        options={[{ value: '', label: t('billing.transactions.filters.time') }, ...DURATION_FILTERS.map((o) => ({ value: o.key, label: text(o.label) }))]}
        aria-label={t('billing.transactions.columns.createdAt')}
        data-testid="transactions-time-filter"
      />
      {office && (
        <Input.Search
          allowClear
          placeholder={t('billing.transactions.filters.search')}
          onSearch={(v) => onChange({ ...value, q: v.trim() || undefined })}
          style={{ maxWidth: 320 }}
          data-testid="transactions-search"
        />
      )}
    </Flex>
  );
}
