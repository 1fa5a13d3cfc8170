import Decimal from 'decimal.js';
import type { InvoiceType } from '../../../resources/payments-api';
import type { InvoiceSeller } from '../settings';
import { amountInWords } from './amount-words';
import { textWidth } from './font';

/**
 * What an issued invoice shows, laid out once in millimetres (origin top left, y downwards) for both the PDF and
 * the OFD writer: texts at their baseline and ruled lines.
 */
export interface LaidText {
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  text: string;
}

export interface Rule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface InvoiceLayout {
  width: number;
  height: number;
  title: string;
  texts: LaidText[];
  rules: Rule[];
}

export interface IssuedInvoice {
  type: InvoiceType;
  number: string;
  /** Issue date, `YYYY-MM-DD` in Asia/Shanghai. */
  date: string;
  buyer: { title: string; taxId: string; address: string; phone: string; bankName: string; bankAccount: string };
  seller: InvoiceSeller;
  /** The amount paid, tax included, 2 decimals. */
  amount: string;
  remark: string;
  issuer: string;
}

export const INVOICE_TITLES: Record<InvoiceType, string> = { regular: '电子发票（普通发票）', VAT: '电子发票（增值税专用发票）' };

const W = 210;
const H = 140;
const LEFT = 10;
const RIGHT = W - 10;
const MID = W / 2;

/** The tax-included amount split into the amount and its tax at `rate`, both rounded to fen and adding up. */
export function splitTax(amount: string, rate: string): { net: string; tax: string } {
  const total = new Decimal(amount);
  const net = total.div(new Decimal(1).plus(rate)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { net: net.toFixed(2), tax: total.minus(net).toFixed(2) };
}

const yuan = (v: string) => `¥${v}`;

export function layoutInvoice(inv: IssuedInvoice): InvoiceLayout {
  const texts: LaidText[] = [];
  const rules: Rule[] = [];
  /** Places a text; one wider than `maxWidth` is set smaller to fit. */
  const put = (x: number, y: number, text: string, size = 3.2, align: 'left' | 'center' | 'right' = 'left', maxWidth = RIGHT - LEFT) => {
    if (!text) return;
    let w = textWidth(text, size);
    if (w > maxWidth) {
      size *= maxWidth / w;
      w = maxWidth;
    }
    texts.push({ x: align === 'left' ? x : align === 'center' ? x - w / 2 : x - w, y, size, text });
  };
  const hline = (y: number, x1 = LEFT, x2 = RIGHT) => rules.push({ x1, y1: y, x2, y2: y });
  const vline = (x: number, y1: number, y2: number) => rules.push({ x1: x, y1, x2: x, y2 });
  const title = INVOICE_TITLES[inv.type];
  const [year, month, day] = inv.date.split('-');

  put(MID, 16, title, 6.5, 'center');
  put(150, 12, `发票号码：${inv.number}`, 3);
  put(150, 18, `开票日期：${year}年${month}月${day}日`, 3);

  // Buyer and seller, side by side.
  const top = 24;
  const partiesBottom = inv.type === 'VAT' ? 60 : 48;
  const bottom = 122;
  hline(top);
  hline(partiesBottom);
  vline(LEFT, top, bottom);
  vline(RIGHT, top, bottom);
  vline(MID, top, partiesBottom);
  const party = (x: number, heading: string, rows: [string, string][]) => {
    put(x, top + 6, heading, 3.4);
    rows.forEach(([label, value], i) => put(x, top + 12 + i * 6, `${label}：${value}`, 3, 'left', MID - LEFT - 6));
  };
  const buyerRows: [string, string][] = [
    ['名称', inv.buyer.title],
    ['统一社会信用代码/纳税人识别号', inv.buyer.taxId],
  ];
  if (inv.type === 'VAT') {
    buyerRows.push(['地址、电话', `${inv.buyer.address} ${inv.buyer.phone}`.trim()], ['开户行及账号', `${inv.buyer.bankName} ${inv.buyer.bankAccount}`.trim()]);
  }
  party(LEFT + 3, '购买方信息', buyerRows);
  party(MID + 3, '销售方信息', [
    ['名称', inv.seller.name],
    ['统一社会信用代码/纳税人识别号', inv.seller.taxId],
    ...(inv.type === 'VAT' ? ([['地址', inv.seller.address], ['开户行及账号', inv.seller.bank]] as [string, string][]) : []),
  ]);

  // The line item and its totals.
  const { net, tax } = splitTax(inv.amount, inv.seller.taxRate);
  const rate = `${new Decimal(inv.seller.taxRate).times(100).toFixed()}%`;
  const cols = [LEFT + 3, 110, 150, RIGHT - 3];
  const head = partiesBottom + 7;
  put(cols[0], head, '项目名称', 3);
  put(cols[1], head, '金额', 3, 'right');
  put(cols[2], head, '税率/征收率', 3, 'right');
  put(cols[3], head, '税额', 3, 'right');
  put(cols[0], head + 8, inv.seller.itemName, 3);
  put(cols[1], head + 8, net, 3, 'right');
  put(cols[2], head + 8, rate, 3, 'right');
  put(cols[3], head + 8, tax, 3, 'right');
  const sum = 96;
  hline(sum - 6);
  put(cols[0], sum, '合计', 3);
  put(cols[1], sum, yuan(net), 3, 'right');
  put(cols[3], sum, yuan(tax), 3, 'right');
  hline(sum + 4);
  put(cols[0], sum + 10, `价税合计（大写）  ${amountInWords(inv.amount)}`, 3.2);
  put(cols[3], sum + 10, `（小写）${yuan(new Decimal(inv.amount).toFixed(2))}`, 3.2, 'right');
  hline(sum + 14);
  put(cols[0], sum + 20, `备注：${inv.remark}`, 3);
  hline(bottom);
  put(LEFT, bottom + 8, `开票人：${inv.issuer}`, 3);

  return { width: W, height: H, title, texts, rules };
}
