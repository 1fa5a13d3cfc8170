import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { layoutInvoice, type IssuedInvoice } from '../../server/payments/invoices/layout';
import { renderOfd } from '../../server/payments/invoices/ofd';
import { loadPaymentSettings } from '../../server/payments/settings';
import { child, findAll, parseXml, type XmlElement } from './ofd-xml';

const NS = 'http://www.ofdspec.org/2016';

const invoice: IssuedInvoice = {
  type: 'regular',
  number: '202600000042',
  date: '2026-03-01',
  buyer: { title: 'Tom & Jerry <游戏> 工作室', taxId: '91350100M000100Y43', address: '', phone: '', bankName: '', bankAccount: '' },
  seller: { ...loadPaymentSettings({}, false).seller, name: '北极星科技有限公司', taxId: '91310000MA1FL0000X' },
  amount: '100',
  remark: '余额充值',
  issuer: 'finance',
};

function unpack() {
  const zip = renderOfd(layoutInvoice(invoice), { number: invoice.number, author: 'Lodestar', date: invoice.date, custom: [['发票号码', invoice.number]] });
  const files = unzipSync(zip);
  const xml = (path: string) => parseXml(strFromU8(files[path]));
  return { files, xml };
}

/** Every ID attribute in a tree. */
const allIds = (el: XmlElement): number[] => [...(el.attrs.ID ? [Number(el.attrs.ID)] : []), ...el.children.flatMap(allIds)];

describe('the OFD invoice package (GB/T 33190)', () => {
  it('holds the entry file, the document, its public resources and the page', () => {
    expect(Object.keys(unpack().files).sort()).toEqual(['Doc_0/Document.xml', 'Doc_0/Pages/Page_0/Content.xml', 'Doc_0/PublicRes.xml', 'OFD.xml']);
  });

  it('has an entry file naming the document root, with its document information', () => {
    const ofd = unpack().xml('OFD.xml');
    expect(ofd.name).toBe('ofd:OFD');
    expect(ofd.attrs).toMatchObject({ 'xmlns:ofd': NS, DocType: 'OFD', Version: '1.0' });
    const body = child(ofd, 'ofd:DocBody')!;
    expect(child(body, 'ofd:DocRoot')!.text).toBe('Doc_0/Document.xml');
    const info = child(body, 'ofd:DocInfo')!;
    expect(child(info, 'ofd:DocID')!.text).toMatch(/^[0-9a-f]{32}$/);
    expect(child(info, 'ofd:CreationDate')!.text).toBe('2026-03-01');
    expect(findAll(info, 'ofd:CustomData').map((c) => [c.attrs.Name, c.text])).toEqual([['发票号码', '202600000042']]);
  });

  it('has a document with common data (max unit id, page area, public resources) and its page', () => {
    const { xml } = unpack();
    const doc = xml('Doc_0/Document.xml');
    expect(doc.name).toBe('ofd:Document');
    const common = child(doc, 'ofd:CommonData')!;
    expect(child(child(common, 'ofd:PageArea')!, 'ofd:PhysicalBox')!.text).toBe('0 0 210 140');
    expect(child(common, 'ofd:PublicRes')!.text).toBe('PublicRes.xml');
    const pages = findAll(doc, 'ofd:Page');
    expect(pages.map((p) => p.attrs.BaseLoc)).toEqual(['Pages/Page_0/Content.xml']);
    // IDs are unique across the document and MaxUnitID is the largest of them.
    const used = [...allIds(doc), ...allIds(xml('Doc_0/PublicRes.xml')), ...allIds(xml('Doc_0/Pages/Page_0/Content.xml'))];
    expect(new Set(used).size).toBe(used.length);
    expect(Number(child(common, 'ofd:MaxUnitID')!.text)).toBe(Math.max(...used));
  });

  it('declares the font its text objects use', () => {
    const { xml } = unpack();
    const fonts = findAll(xml('Doc_0/PublicRes.xml'), 'ofd:Font');
    expect(fonts).toHaveLength(1);
    expect(fonts[0].attrs.FontName).toBe('Noto Sans SC');
    const texts = findAll(xml('Doc_0/Pages/Page_0/Content.xml'), 'ofd:TextObject');
    expect(texts.length).toBeGreaterThan(10);
    expect(new Set(texts.map((t) => t.attrs.Font))).toEqual(new Set([fonts[0].attrs.ID]));
  });

  it('writes each text as a positioned text object, escaped, with one advance per following character', () => {
    const page = unpack().xml('Doc_0/Pages/Page_0/Content.xml');
    expect(page.name).toBe('ofd:Page');
    const layer = findAll(page, 'ofd:Layer')[0];
    expect(layer).toBeDefined();
    const codes = findAll(layer, 'ofd:TextObject').map((t) => ({ t, code: child(t, 'ofd:TextCode')! }));
    const byText = new Map(codes.map(({ t, code }) => [code.text, { t, code }]));
    expect([...byText.keys()]).toEqual(expect.arrayContaining(['电子发票（普通发票）', '名称：Tom & Jerry <游戏> 工作室', '价税合计（大写）  壹佰元整', '发票号码：202600000042']));
    for (const { t, code } of codes) {
      const box = t.attrs.Boundary.split(' ').map(Number);
      expect(box).toHaveLength(4);
      expect(box.every(Number.isFinite)).toBe(true);
      expect(box[0] >= 0 && box[1] >= 0 && box[0] + box[2] <= 211 && box[1] + box[3] <= 141).toBe(true);
      expect(Number(t.attrs.Size)).toBeGreaterThan(0);
      expect(code.attrs.X).toBeDefined();
      expect(code.attrs.Y).toBeDefined();
      const n = Array.from(code.text).length;
      expect((code.attrs.DeltaX ?? '').split(' ').filter(Boolean)).toHaveLength(n - 1);
    }
    // Ruled lines are path objects.
    expect(findAll(layer, 'ofd:PathObject').every((p) => /^M [\d.]+ [\d.]+ L [\d.]+ [\d.]+$/.test(child(p, 'ofd:AbbreviatedData')!.text))).toBe(true);
  });
});
