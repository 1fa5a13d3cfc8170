/** aapt2's protobuf XML (an AAB's `base/manifest/AndroidManifest.xml`), values written as their text. */
import type { XmlElement } from './xml-tree';

function varint(n: number): Buffer {
  const out: number[] = [];
  do {
    out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n = Math.floor(n / 128);
  } while (n > 0);
  return Buffer.from(out);
}

const field = (no: number, value: Buffer | string) => {
  const b = Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
  return Buffer.concat([varint(no * 8 + 2), varint(b.length), b]);
};

/** `XmlNode { element = 1 }`, `XmlElement { name = 3; attribute = 4; child = 5 }`, `XmlAttribute { name = 2; value = 3 }`. */
export function protoXml(e: XmlElement): Buffer {
  const attrs = Object.entries(e.attrs ?? {}).map(([k, v]) => field(4, Buffer.concat([field(2, k), field(3, String(v))])));
  const children = (e.children ?? []).map((c) => field(5, protoXml(c)));
  return field(1, Buffer.concat([field(3, e.name), ...attrs, ...children]));
}
