/**
 * Protocol Buffers' wire format, read without a schema: a message's fields by number, each value a varint (as a
 * number) or the bytes of a length-delimited field. Enough for aapt2's XML nodes in an AAB's manifest.
 */
import { NOT_A_PACKAGE, PackageError } from './errors';

export type ProtoFields = Map<number, (number | Buffer)[]>;

function varint(buf: Buffer, at: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let i = at; i < buf.length && i < at + 10; i++) {
    value += (buf[i] & 0x7f) * scale;
    scale *= 128;
    if (!(buf[i] & 0x80)) return [value, i + 1];
  }
  throw new PackageError(NOT_A_PACKAGE);
}

export function protoFields(buf: Buffer): ProtoFields {
  const fields: ProtoFields = new Map();
  let at = 0;
  while (at < buf.length) {
    const [key, next] = varint(buf, at);
    const [no, type] = [Math.floor(key / 8), key % 8];
    let value: number | Buffer;
    if (type === 0) [value, at] = varint(buf, next);
    else if (type === 2) {
      const [len, start] = varint(buf, next);
      if (start + len > buf.length) throw new PackageError(NOT_A_PACKAGE);
      [value, at] = [buf.subarray(start, start + len), start + len];
    } else if (type === 1 || type === 5) [value, at] = [0, next + (type === 1 ? 8 : 4)];
    else throw new PackageError(NOT_A_PACKAGE);
    fields.set(no, [...(fields.get(no) ?? []), value]);
  }
  return fields;
}

export const protoBytes = (f: ProtoFields, no: number): Buffer[] => (f.get(no) ?? []).filter((v): v is Buffer => Buffer.isBuffer(v));
export const protoString = (f: ProtoFields, no: number): string => protoBytes(f, no)[0]?.toString('utf8') ?? '';
