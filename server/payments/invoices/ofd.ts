import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { FONT_NAME, textWidth } from './font';
import type { InvoiceLayout } from './layout';

/**
 * The invoice as an OFD package (GB/T 33190-2016): a zip holding the entry file OFD.xml, which names the document
 * root Doc_0/Document.xml; the document's common data (page area, its public resources with the font) and its one
 * page, whose content layer holds a text object per text (boundary in millimetres, baseline position, glyph
 * advances) and a path object per ruled line.
 */

const NS = 'http://www.ofdspec.org/2016';
const COLOR = '122 59 12';

const num = (n: number) => String(Math.round(n * 1000) / 1000);

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;

export interface OfdMeta {
  number: string;
  author: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Name/value pairs a reader may show or index (e.g. the invoice number and amount). */
  custom: [string, string][];
}

export function renderOfd(layout: InvoiceLayout, meta: OfdMeta): Uint8Array {
  let id = 0;
  const next = () => ++id;
  const fontId = next();
  const pageId = next();
  const layerId = next();
  const objects: string[] = [];

  for (const t of layout.texts) {
    const chars = Array.from(t.text);
    const advances = chars.map((c) => textWidth(c, t.size));
    const width = advances.reduce((a, b) => a + b, 0);
    const top = t.y - t.size;
    const deltaX = advances.slice(0, -1).map(num).join(' ');
    objects.push(
      `<ofd:TextObject ID="${next()}" Boundary="${num(t.x)} ${num(top)} ${num(width + 1)} ${num(t.size * 1.4)}" Font="${fontId}" Size="${num(t.size)}">` +
        `<ofd:FillColor Value="${COLOR}"/>` +
        `<ofd:TextCode X="0" Y="${num(t.size)}"${deltaX ? ` DeltaX="${deltaX}"` : ''}>${escapeXml(t.text)}</ofd:TextCode>` +
        `</ofd:TextObject>`,
    );
  }
  for (const r of layout.rules) {
    const x = Math.min(r.x1, r.x2);
    const y = Math.min(r.y1, r.y2);
    objects.push(
      `<ofd:PathObject ID="${next()}" Boundary="${num(x)} ${num(y)} ${num(Math.abs(r.x2 - r.x1) || 0.3)} ${num(Math.abs(r.y2 - r.y1) || 0.3)}" LineWidth="0.2">` +
        `<ofd:StrokeColor Value="${COLOR}"/>` +
        `<ofd:AbbreviatedData>M ${num(r.x1 - x)} ${num(r.y1 - y)} L ${num(r.x2 - x)} ${num(r.y2 - y)}</ofd:AbbreviatedData>` +
        `</ofd:PathObject>`,
    );
  }
  const box = `0 0 ${num(layout.width)} ${num(layout.height)}`;

  const ofd = xml(
    `<ofd:OFD xmlns:ofd="${NS}" Version="1.0" DocType="OFD"><ofd:DocBody><ofd:DocInfo>` +
      `<ofd:DocID>${randomUUID().replace(/-/g, '')}</ofd:DocID>` +
      `<ofd:Title>${escapeXml(`${layout.title} ${meta.number}`)}</ofd:Title>` +
      `<ofd:Author>${escapeXml(meta.author)}</ofd:Author>` +
      `<ofd:CreationDate>${meta.date}</ofd:CreationDate>` +
      `<ofd:Creator>Lodestar</ofd:Creator>` +
      `<ofd:CustomDatas>${meta.custom.map(([k, v]) => `<ofd:CustomData Name="${escapeXml(k)}">${escapeXml(v)}</ofd:CustomData>`).join('')}</ofd:CustomDatas>` +
      `</ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>`,
  );
  const document = xml(
    `<ofd:Document xmlns:ofd="${NS}"><ofd:CommonData>` +
      `<ofd:MaxUnitID>${id}</ofd:MaxUnitID>` +
      `<ofd:PageArea><ofd:PhysicalBox>${box}</ofd:PhysicalBox></ofd:PageArea>` +
      `<ofd:PublicRes>PublicRes.xml</ofd:PublicRes>` +
      `</ofd:CommonData><ofd:Pages><ofd:Page ID="${pageId}" BaseLoc="Pages/Page_0/Content.xml"/></ofd:Pages></ofd:Document>`,
  );
  const publicRes = xml(
    `<ofd:Res xmlns:ofd="${NS}" BaseLoc="Res"><ofd:Fonts>` +
      `<ofd:Font ID="${fontId}" FontName="${FONT_NAME}" FamilyName="${FONT_NAME}" Charset="unicode"/>` +
      `</ofd:Fonts></ofd:Res>`,
  );
  const content = xml(
    `<ofd:Page xmlns:ofd="${NS}"><ofd:Area><ofd:PhysicalBox>${box}</ofd:PhysicalBox></ofd:Area>` +
      `<ofd:Content><ofd:Layer ID="${layerId}" Type="Body">${objects.join('')}</ofd:Layer></ofd:Content></ofd:Page>`,
  );
  return zipSync({
    'OFD.xml': strToU8(ofd),
    'Doc_0/Document.xml': strToU8(document),
    'Doc_0/PublicRes.xml': strToU8(publicRes),
    'Doc_0/Pages/Page_0/Content.xml': strToU8(content),
  });
}
