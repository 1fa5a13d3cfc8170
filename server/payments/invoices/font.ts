import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/** Noto Sans SC Regular (SIL Open Font License), the font invoices are written in. */
export const FONT_NAME = 'Noto Sans SC';
const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

let bytes: Buffer | undefined;
let meter: PDFKit.PDFDocument | undefined;

export function fontBytes(): Buffer {
  bytes ??= readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
  return bytes;
}

/** Millimetres per point. */
export const MM_PER_PT = 25.4 / 72;

/** The advance width of `text` in the invoice font at `sizeMm` (a font size in millimetres), in millimetres. */
export function textWidth(text: string, sizeMm: number): number {
  meter ??= new PDFDocument({ autoFirstPage: false }).font(fontBytes());
  // Widths scale with the size, so measure at 1 pt and scale.
  return meter.fontSize(1).widthOfString(text) * sizeMm;
}
