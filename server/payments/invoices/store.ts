import Decimal from 'decimal.js';
import type { Invoice, InvoiceDetails, InvoiceFormat, InvoiceStatus, InvoiceType } from '../../../resources/payments-api';
import type { Queryable } from '../../db';
import { iso, likePattern } from '../access';

interface Row {
  id: string;
  transaction_id: string;
  org_id: string;
  org_name: string;
  type: InvoiceType;
  format: InvoiceFormat;
  title: string;
  tax_id: string;
  bank_name: string;
  bank_account: string;
  address: string;
  phone: string;
  email: string;
  amount: string;
  status: InvoiceStatus;
  number: string | null;
  requested_by: string;
  finished_by: string | null;
  finished_at: Date | string | null;
  document_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

export const INVOICE_SELECT = `SELECT i.id, i.transaction_id, i.org_id, o.name AS org_name, i.type, i.format, i.title, i.tax_id, i.bank_name,
  i.bank_account, i.address, i.phone, i.email, i.amount::text AS amount, i.status, i.number, i.requested_by, i.finished_by, i.finished_at,
  d.file_name AS document_name, i.created_at, i.updated_at, i.version
  FROM invoices i JOIN organizations o ON o.id = i.org_id LEFT JOIN invoice_documents d ON d.invoice_id = i.id`;

export const toInvoice = (r: Row): Invoice => ({
  Id: r.id,
  TransactionId: r.transaction_id,
  OrgId: r.org_id,
  OrgName: r.org_name,
  Type: r.type,
  Format: r.format,
  Title: r.title,
  TaxId: r.tax_id,
  BankName: r.bank_name,
  BankAccount: r.bank_account,
  Address: r.address,
  Phone: r.phone,
  Email: r.email,
  Amount: new Decimal(r.amount).toFixed(2),
  Status: r.status,
  Number: r.number,
  RequestedBy: r.requested_by,
  FinishedBy: r.finished_by,
  FinishedAt: iso(r.finished_at),
  DocumentName: r.document_name,
  CreatedAt: iso(r.created_at)!,
  UpdatedAt: iso(r.updated_at)!,
  Version: r.version,
});

export async function findInvoice(q: Queryable, id: string, lock = false): Promise<Invoice | undefined> {
  const res = await q.query<Row>(`${INVOICE_SELECT} WHERE i.id = $1${lock ? ' FOR UPDATE OF i' : ''}`, [id]);
  return res.rows[0] ? toInvoice(res.rows[0]) : undefined;
}

export interface InvoiceFilter {
  /** Only these organisations (a member's); undefined for the back office's view of all. */
  orgIds?: string[];
  orgId?: string;
  status?: InvoiceStatus;
  transactionId?: string;
  /** Title, tax id, number or organisation name. */
  q?: string;
}

export async function listInvoices(db: Queryable, f: InvoiceFilter, count: number, start: number): Promise<{ TotalCount: number; Items: Invoice[] }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.orgIds) where.push(`i.org_id = ANY($${params.push(f.orgIds)}::text[])`);
  if (f.orgId) where.push(`i.org_id = $${params.push(f.orgId)}`);
  if (f.status) where.push(`i.status = $${params.push(f.status)}`);
  if (f.transactionId) where.push(`i.transaction_id = $${params.push(f.transactionId)}`);
  if (f.q) {
    const n = params.push(likePattern(f.q));
    where.push(`(i.title ILIKE $${n} OR i.tax_id ILIKE $${n} OR coalesce(i.number, '') ILIKE $${n} OR o.name ILIKE $${n})`);
  }
  const clause = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices i JOIN organizations o ON o.id = i.org_id${clause}`, params);
  const rows = await db.query<Row>(`${INVOICE_SELECT}${clause} ORDER BY i.created_at DESC, i.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    count,
    start,
  ]);
  return { TotalCount: total.rows[0].n, Items: rows.rows.map(toInvoice) };
}

/** The columns of the buyer's details, by API field. */
export const DETAIL_COLUMNS: Record<keyof InvoiceDetails, string> = {
  Type: 'type',
  Format: 'format',
  Title: 'title',
  TaxId: 'tax_id',
  BankName: 'bank_name',
  BankAccount: 'bank_account',
  Address: 'address',
  Phone: 'phone',
  Email: 'email',
};

export const detailValues = (d: InvoiceDetails) => (Object.keys(DETAIL_COLUMNS) as (keyof InvoiceDetails)[]).map((k) => d[k] ?? '');
