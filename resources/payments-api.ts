/**
 * Shapes of the payment, invoice and enterprise-certification calls (spec 000 §3, §4, §7), shared by the server
 * and the console, and the input rules both sides check. Amounts are decimal strings. Pure data and functions.
 */
import { BACK_OFFICE, type PlatformEntityDecl } from './platform-entities';

/** Alipay's payment methods (spec 000 §7): the mobile app SDK, the desktop web page, the mobile web page. */
export const PAYMENT_METHODS = ['app', 'page', 'wap'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The payment-provider callback codes of spec 000 §4. */
export const PAYMENT_STATUS = { callback: 10, updating: 20, success: 30, fail: 40 } as const;
export type PaymentStatusName = keyof typeof PAYMENT_STATUS;
export type PaymentStatusCode = (typeof PAYMENT_STATUS)[PaymentStatusName];

export const paymentStatusName = (code: number): PaymentStatusName =>
  (Object.entries(PAYMENT_STATUS).find(([, c]) => c === code)?.[0] as PaymentStatusName | undefined) ?? 'callback';

/** Alipay takes 0.01 to 100,000,000 yuan in one payment. */
export const MAX_PAYMENT_AMOUNT = '100000000';

export interface AlipayOrderInput {
  OrgId: string;
  /** Spec 000 §5 amount, positive, at most MAX_PAYMENT_AMOUNT. */
  Amount: string;
  Method: PaymentMethod;
}

export interface Payment {
  OutTradeNo: string;
  OrgId: string;
  TransactionId: string;
  Amount: string;
  Method: PaymentMethod;
  /** 10 waiting for Alipay, 20 being applied, 30 paid, 40 failed. */
  Status: PaymentStatusCode;
  StatusName: PaymentStatusName;
  /** `sandbox` when the built-in sandbox stands in for Alipay. */
  Provider: 'alipay' | 'sandbox';
  CreatedAt: string;
  UpdatedAt: string;
}

/** What the console needs to pay: a page to open (page, wap) or the signed order string for the app SDK. */
export interface AlipayOrder extends Payment {
  PayUrl?: string;
  OrderString?: string;
}

/** Our bank account for transfers (spec 000 §7: the remittance note). Empty fields are not configured. */
export interface Remittance {
  AccountName: string;
  BankName: string;
  AccountNumber: string;
  Note: string;
}

/** The sandbox checkout's view of a payment. */
export interface SandboxCheckout extends Payment {
  OrgName: string;
  ReturnUrl: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Invoices

export const INVOICE_TYPES = ['regular', 'VAT'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_FORMATS = ['PDF', 'OFD'] as const;
export type InvoiceFormat = (typeof INVOICE_FORMATS)[number];
/** Spec 000 §4. */
export const INVOICE_STATUSES = ['Pending', 'Finished', 'Invalid', 'Cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Invoices and their moves: spec 000 §4 (finish, invalidate) plus withdrawing a request while it waits (the Cancelled
 * status needs a way in). Confirmations name the invoice's fields as `{{Field}}`.
 */
export const INVOICES: PlatformEntityDecl = {
  name: 'invoices',
  singular: { 'zh-CN': '发票', en: 'invoice' },
  path: '/api/invoices',
  idField: 'Id',
  scope: 'organisation',
  status: { field: 'Status', values: INVOICE_STATUSES },
  history: 'invoice',
  actions: [
    {
      name: 'cancel',
      label: { 'zh-CN': '撤销申请', en: 'Withdraw request' },
      from: ['Pending'],
      to: 'Cancelled',
      refused: 'only pending invoices can be cancelled',
      access: ['org-admin', 'owner'],
      confirm: { 'zh-CN': '确定撤销这份发票申请吗？撤销后可以重新申请。', en: 'Withdraw this invoice request? You can request again afterwards.' },
      danger: true,
    },
    {
      name: 'finish',
      label: { 'zh-CN': '开具发票', en: 'Issue invoice' },
      from: ['Pending'],
      to: 'Finished',
      refused: 'only pending invoices can be finished',
      access: [...BACK_OFFICE],
      confirm: {
        'zh-CN': '确认开具这张发票？将生成 {{Format}} 文件并通知组织下载。',
        en: 'Issue this invoice? A {{Format}} file is generated for the organisation to download.',
      },
    },
    {
      name: 'invalidate',
      label: { 'zh-CN': '作废', en: 'Invalidate' },
      from: ['Pending', 'Finished'],
      to: 'Invalid',
      refused: 'the invoice is already invalid or cancelled',
      access: [...BACK_OFFICE],
      confirm: { 'zh-CN': '确定作废这张发票吗？作废后组织可以重新申请。', en: 'Invalidate this invoice? The organisation may then request a new one.' },
      danger: true,
    },
  ],
};

/** The buyer's details; a VAT invoice also needs the bank, account, address and phone. */
export interface InvoiceDetails {
  Type: InvoiceType;
  Format: InvoiceFormat;
  Title: string;
  TaxId: string;
  BankName?: string;
  BankAccount?: string;
  Address?: string;
  Phone?: string;
  Email?: string;
}

export interface InvoiceInput extends InvoiceDetails {
  TransactionId: string;
}

export interface Invoice extends Required<InvoiceDetails> {
  Id: string;
  TransactionId: string;
  OrgId: string;
  OrgName: string;
  Amount: string;
  Status: InvoiceStatus;
  /** Given when the invoice is finished. */
  Number: string | null;
  RequestedBy: string;
  FinishedBy: string | null;
  FinishedAt: string | null;
  /** The issued document's file name, when there is one. */
  DocumentName: string | null;
  CreatedAt: string;
  UpdatedAt: string;
  Version: number;
}

/** Fields a VAT invoice cannot do without. */
export const VAT_FIELDS = ['TaxId', 'BankName', 'BankAccount', 'Address', 'Phone'] as const;

/** A taxpayer identification number: 15, 17, 18 or 20 digits and capital letters. */
export const TAX_ID_PATTERN = '^(?:[0-9A-Z]{15}|[0-9A-Z]{17}|[0-9A-Z]{18}|[0-9A-Z]{20})$';

// ---------------------------------------------------------------------------------------------------------------
// Enterprise certification

/** Organisation and certification statuses (spec 000 §4). */
export const CERTIFICATION_STATUSES = ['Pending', 'Approved', 'Invalid'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

/** Spec 000 §4: enterprise certification can be approved or invalidated (by the back office). */
export const CERTIFICATIONS: PlatformEntityDecl = {
  name: 'enterprise-certification',
  singular: { 'zh-CN': '认证申请', en: 'certification request' },
  path: '/api/enterprise-certification',
  idField: 'Id',
  scope: 'organisation',
  status: { field: 'Status', values: CERTIFICATION_STATUSES },
  history: 'org.certification',
  actions: [
    {
      name: 'approve',
      label: { 'zh-CN': '通过', en: 'Approve' },
      from: ['Pending'],
      to: 'Approved',
      refused: 'only pending requests can be approved',
      access: [...BACK_OFFICE],
      confirm: {
        'zh-CN': '确认通过「{{CompanyName}}」的企业认证？组织将以该企业名称认证。',
        en: 'Approve the certification of "{{CompanyName}}"? The organisation is certified under this company name.',
      },
    },
    {
      name: 'invalidate',
      label: { 'zh-CN': '作废', en: 'Invalidate' },
      from: ['Pending', 'Approved'],
      to: 'Invalid',
      refused: 'the request is already invalid',
      access: [...BACK_OFFICE],
      confirm: {
        'zh-CN': '确定作废「{{CompanyName}}」的认证申请吗？组织将变为已失效。',
        en: 'Invalidate the request of "{{CompanyName}}"? The organisation becomes invalid.',
      },
      danger: true,
    },
  ],
};

export interface CertificationInput {
  OrgId: string;
  CompanyName: string;
  CreditCode: string;
  LegalPerson: string;
  /** The business licence, a file key from POST /api/cos-token for one of the organisation's apps. */
  LicenseKey: string;
}

export interface Certification extends CertificationInput {
  Id: string;
  OrgName: string;
  Status: CertificationStatus;
  RequestedBy: string;
  ReviewedBy: string | null;
  ReviewedAt: string | null;
  CreatedAt: string;
  UpdatedAt: string;
  Version: number;
  /** A short-lived link to the licence file (detail answers only). */
  LicenseUrl?: string;
}

/** GB 32100-2015: the 31 characters of a unified social credit code (no I, O, Z, S, V) and the position weights. */
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character (18th) of the first 17 characters of a credit code, or undefined when one is not allowed. */
export function creditCodeCheckChar(first17: string): string | undefined {
  if (first17.length !== 17) return undefined;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARS.indexOf(first17[i]);
    if (value < 0) return undefined;
    sum += value * CREDIT_CODE_WEIGHTS[i];
  }
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31];
}

/** A unified social credit code: 18 characters of its alphabet whose last one is the GB 32100 check character. */
export function isValidCreditCode(code: string): boolean {
  return /^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
