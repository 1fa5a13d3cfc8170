import { Tag } from 'antd';
import type { CertificationStatus, InvoiceStatus } from '../../../resources/payments-api';
import { useLocale } from '../../lib/useLocale';

const INVOICE_COLORS: Record<InvoiceStatus, string> = { Pending: 'processing', Finished: 'success', Invalid: 'error', Cancelled: 'default' };
const CERTIFICATION_COLORS: Record<CertificationStatus, string> = { Pending: 'processing', Approved: 'success', Invalid: 'error' };

/** An invoice's status (spec 000 §4: Pending, Finished, Invalid, Cancelled). */
export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const { t } = useLocale();
  return (
    <Tag color={INVOICE_COLORS[status]} data-testid="invoice-status" data-status={status}>
      {t(`payments.invoice.statuses.${status}`)}
    </Tag>
  );
}

/** A certification request's status (Pending, Approved, Invalid). */
export function CertificationStatusTag({ status }: { status: CertificationStatus }) {
  const { t } = useLocale();
  return (
    <Tag color={CERTIFICATION_COLORS[status]} data-testid="certification-status" data-status={status}>
      {t(`payments.certification.statuses.${status}`)}
    </Tag>
  );
}
