/**
 * Android binary XML (what aapt writes as an APK's `AndroidManifest.xml`): a UTF-8 string pool, then start and end
 * element chunks, attributes as typed values (strings, decimal integers, booleans).
 */
import { treeStrings, type XmlElement } from './xml-tree';

const ANDROID_NS = 'http://schemas.android.com/apk/res/android';

function chunk(type: number, headerSize: number, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(headerSize, 2);
  head.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}

function stringPool(strings: string[]): Buffer {
  const data = Buffer.concat(
    strings.map((s) => {
      const b = Buffer.from(s, 'utf8');
      if (b.length > 127) throw new Error('string too long for the builder');
      return Buffer.concat([Buffer.from([s.length, b.length]), b, Buffer.from([0])]);
    }),
  );
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  const head = Buffer.alloc(20 + 4 * strings.length);
  head.writeUInt32LE(strings.length, 0);
  head.writeUInt32LE(0, 4);
  head.writeUInt32LE(1 << 8, 8);
  head.writeUInt32LE(28 + 4 * strings.length, 12);
  let offset = 0;
  strings.forEach((s, i) => {
    head.writeUInt32LE(offset, 20 + 4 * i);
    offset += Buffer.byteLength(s) + 3;
  });
  return chunk(0x0001, 28, Buffer.concat([head, padded]));
}

export function binaryXml(root: XmlElement): Buffer {
  // Index 0 reads as "no string" for namespaces and raw values, so it holds the namespace's prefix.
  const strings = ['android', ANDROID_NS, ...treeStrings(root)];
  const ix = (s: string) => strings.indexOf(s);
  const nodes: Buffer[] = [];
  const element = (e: XmlElement) => {
    const attrs = Object.entries(e.attrs ?? {});
    const body = Buffer.alloc(8 + 20 + 20 * attrs.length);
    body.writeInt32LE(-1, 4);
    body.writeInt32LE(-1, 8);
    body.writeInt32LE(ix(e.name), 12);
    body.writeUInt16LE(20, 16);
    body.writeUInt16LE(20, 18);
    body.writeUInt16LE(attrs.length, 20);
    attrs.forEach(([k, v], i) => {
      const at = 28 + 20 * i;
      body.writeInt32LE(ix(ANDROID_NS), at);
      body.writeInt32LE(ix(k), at + 4);
      body.writeInt32LE(typeof v === 'string' ? ix(v) : -1, at + 8);
      body.writeUInt16LE(8, at + 12);
      body.writeUInt8(typeof v === 'string' ? 0x03 : typeof v === 'boolean' ? 0x12 : 0x10, at + 15);
      body.writeUInt32LE(typeof v === 'string' ? ix(v) : typeof v === 'boolean' ? (v ? 0xffffffff : 0) : v >>> 0, at + 16);
    });
    nodes.push(chunk(0x0102, 16, body));
    (e.children ?? []).forEach(element);
    const end = Buffer.alloc(16);
    end.writeInt32LE(-1, 4);
    end.writeInt32LE(-1, 8);
    end.writeInt32LE(ix(e.name), 12);
    nodes.push(chunk(0x0103, 16, end));
  };
  element(root);
  return chunk(0x0003, 8, Buffer.concat([stringPool(strings), ...nodes]));
}
