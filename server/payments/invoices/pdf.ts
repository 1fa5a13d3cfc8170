import PDFDocument from 'pdfkit';
import { fontBytes, MM_PER_PT } from './font';
import type { InvoiceLayout } from './layout';

const pt = (mm: number) => mm / MM_PER_PT;

/**
 * The invoice as a PDF: the invoice font embedded as a subset of the glyphs used, with its ToUnicode map, so the
 * Chinese text can be searched and copied.
 */
export function renderPdf(layout: InvoiceLayout, meta: { number: string; author: string; date: Date }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [pt(layout.width), pt(layout.height)],
    margin: 0,
    info: { Title: `${layout.title} ${meta.number}`, Author: meta.author, CreationDate: meta.date },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(fontBytes()).fillColor('#7a3b0c').strokeColor('#7a3b0c').lineWidth(0.6);
  for (const r of layout.rules) doc.moveTo(pt(r.x1), pt(r.y1)).lineTo(pt(r.x2), pt(r.y2)).stroke();
  for (const t of layout.texts) doc.fontSize(pt(t.size)).text(t.text, pt(t.x), pt(t.y), { lineBreak: false, baseline: 'alphabetic' });
  doc.end();
  return done;
}
