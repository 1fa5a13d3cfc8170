import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { layoutInvoice, splitTax, type IssuedInvoice } from '../../server/payments/invoices/layout';
import { renderPdf } from '../../server/payments/invoices/pdf';
import { loadPaymentSettings } from '../../server/payments/settings';

const invoice: IssuedInvoice = {
  type: 'VAT',
  number: '202600000007',
  date: '2026-03-01',
  buyer: { title: '示例工作室有限公司', taxId: '91350100M000100Y43', address: '福州市鼓楼区', phone: '0591-55550000', bankName: '中国银行', bankAccount: '6222000000' },
  seller: { ...loadPaymentSettings({}, false).seller, name: '北极星科技有限公司', taxId: '91310000MA1FL0000X' },
  amount: '1010.07',
  remark: '余额充值',
  issuer: 'finance',
};

let pdf: Buffer;
let text: string;
beforeAll(async () => {
  pdf = await renderPdf(layoutInvoice(invoice), { number: invoice.number, author: 'Lodestar', date: new Date('2026-03-01T04:00:00Z') });
  text = pdf.toString('latin1');
});

/** The decompressed contents of every Flate stream in the file. */
function streams(): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a Flate stream.
    }
  }
  return out;
}

describe('the invoice PDF', () => {
  it('is a PDF file', () => {
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('embeds a subset of the TrueType font, not the whole font', () => {
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+/);
    expect(text).toContain('/FontFile2');
    // The full Noto Sans SC file is over 10 MB; a subset of the glyphs used is a small fraction of it.
    expect(pdf.length).toBeLessThan(500_000);
  });

  it('maps its glyphs back to Unicode (a ToUnicode CMap) so the Chinese text can be extracted', () => {
    expect(text).toContain('/ToUnicode');
    const cmap = streams().find((s) => s.includes('begincmap'));
    expect(cmap).toBeDefined();
    // 发 is U+53D1, 票 U+7968: both are mapped.
    expect(cmap).toMatch(/<53d1>/i);
    expect(cmap).toMatch(/<7968>/i);
  });

  it('reads back as the invoice text (checked with pdftotext where the machine has it)', () => {
    // Without poppler's pdftotext the CMap test above is the check.
    if (!existsSync('/usr/bin/pdftotext')) return;
    const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
    writeFileSync(join(dir, 'i.pdf'), pdf);
    const extracted = execFileSync('/usr/bin/pdftotext', ['-layout', join(dir, 'i.pdf'), '-']).toString('utf8');
    const { net, tax } = splitTax('1010.07', '0.06');
    for (const expected of ['电子发票（增值税专用发票）', '发票号码：202600000007', '开票日期：2026年03月01日', '示例工作室有限公司', '91350100M000100Y43', '北极星科技有限公司', '壹仟零壹拾元零柒分', '¥1010.07', net, tax]) {
      expect(extracted).toContain(expected);
    }
  });
});

describe('the tax split', () => {
  it('splits a tax-included amount at 6% into parts that add up', () => {
    // 1010.07 / 1.06 = 952.896… → 952.90; 1010.07 − 952.90 = 57.17.
    expect(splitTax('1010.07', '0.06')).toEqual({ net: '952.90', tax: '57.17' });
    // 100 / 1.06 = 94.339… → 94.34; tax 5.66.
    expect(splitTax('100', '0.06')).toEqual({ net: '94.34', tax: '5.66' });
  });
});
