import type { Invoice } from '../../../resources/payments-api';
import type { InvoiceSeller } from '../settings';
import { layoutInvoice } from './layout';
import { renderOfd } from './ofd';
import { renderPdf } from './pdf';

export interface InvoiceDocument {
  content: Buffer;
  contentType: string;
  fileName: string;
}

export const CONTENT_TYPES = { PDF: 'application/pdf', OFD: 'application/ofd' } as const;

/** A date as `YYYY-MM-DD` in Asia/Shanghai, the date an invoice bears. */
export const shanghaiDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);

/** The document of an invoice being finished, in the format it asked for. */
export async function issueDocument(invoice: Invoice, number: string, seller: InvoiceSeller, issuer: string, now = new Date()): Promise<InvoiceDocument> {
  const date = shanghaiDay(now);
  const layout = layoutInvoice({
    type: invoice.Type,
    number,
    date,
    buyer: {
      title: invoice.Title,
      taxId: invoice.TaxId,
      address: invoice.Address,
      phone: invoice.Phone,
      bankName: invoice.BankName,
      bankAccount: invoice.BankAccount,
    },
    seller,
    amount: invoice.Amount,
    remark: `余额充值 交易号 ${invoice.TransactionId}`,
    issuer,
  });
  const fileName = `invoice-${number}.${invoice.Format.toLowerCase()}`;
  if (invoice.Format === 'PDF') {
    return { content: await renderPdf(layout, { number, author: seller.name, date: now }), contentType: CONTENT_TYPES.PDF, fileName };
  }
  const custom: [string, string][] = [
    ['发票号码', number],
    ['开票日期', date],
    ['购买方名称', invoice.Title],
    ['购买方纳税人识别号', invoice.TaxId],
    ['销售方名称', seller.name],
    ['销售方纳税人识别号', seller.taxId],
    ['价税合计', invoice.Amount],
  ];
  return { content: Buffer.from(renderOfd(layout, { number, author: seller.name, date, custom })), contentType: CONTENT_TYPES.OFD, fileName };
}
