/**
 * The APK Signing Block (signature schemes v2 and v3): a block just before the zip's central directory holding
 * id-value pairs, the v2 signers under 0x7109871a and the v3 ones under 0xf05368c0. Each signer's signed data (the
 * content digests and certificates) is checked with its public key, and its content digest against the package:
 * the entries, the central directory and the end record (its directory offset as if the block were absent), each in
 * 1 MiB chunks hashed as `0xa5 || length || chunk`, then `0x5a || count || chunk digests`.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { certificateOf } from './certificates';
import type { SignerReading, SigningScheme } from './signer';
import type { ZipLayout } from './zip';

const MAGIC = Buffer.from('APK Sig Block 42');
export const V2_ID = 0x7109871a;
export const V3_ID = 0xf05368c0;
const CHUNK = 1024 * 1024;

/** Signature algorithm ids: the digest, and the options node's verify needs. */
const ALGORITHMS: Record<number, { digest: 'sha256' | 'sha512'; pss?: boolean }> = {
  0x0101: { digest: 'sha256', pss: true },
  0x0102: { digest: 'sha512', pss: true },
  0x0103: { digest: 'sha256' },
  0x0104: { digest: 'sha512' },
  0x0201: { digest: 'sha256' },
  0x0202: { digest: 'sha512' },
  0x0301: { digest: 'sha256' },
};

/** Length-prefixed (u32) items of a sequence (its first `most`). */
export function prefixed(buf: Buffer, most = Infinity): Buffer[] {
  const items: Buffer[] = [];
  for (let at = 0; at + 4 <= buf.length && items.length < most; ) {
    const len = buf.readUInt32LE(at);
    if (at + 4 + len > buf.length) throw new Error('truncated');
    items.push(buf.subarray(at + 4, at + 4 + len));
    at += 4 + len;
  }
  return items;
}

/** The block's pairs by id, and where the block starts; null when the package has none. */
export function signingBlock(buf: Buffer, zip: ZipLayout): { start: number; pairs: Map<number, Buffer> } | null {
  const end = zip.centralDirOffset;
  if (end < 32 || !buf.subarray(end - 16, end).equals(MAGIC)) return null;
  const size = Number(buf.readBigUInt64LE(end - 24));
  const start = end - size - 8;
  if (start < 0 || Number(buf.readBigUInt64LE(start)) !== size) return null;
  const pairs = new Map<number, Buffer>();
  for (let at = start + 8; at < end - 24; ) {
    const len = Number(buf.readBigUInt64LE(at));
    if (len < 4 || at + 8 + len > end - 24) break;
    pairs.set(buf.readUInt32LE(at + 8), buf.subarray(at + 12, at + 8 + len));
    at += 8 + len;
  }
  return { start, pairs };
}

/** The content digest the signers sign: over the entries, the central directory and the end record. */
export function contentDigest(buf: Buffer, zip: ZipLayout, blockStart: number, digest: 'sha256' | 'sha512'): Buffer {
  const eocd = Buffer.from(buf.subarray(zip.eocdOffset));
  eocd.writeUInt32LE(blockStart, 16);
  const sections = [buf.subarray(0, blockStart), buf.subarray(zip.centralDirOffset, zip.eocdOffset), eocd];
  const chunks: Buffer[] = [];
  for (const s of sections)
    for (let at = 0; at < s.length; at += CHUNK) {
      const chunk = s.subarray(at, Math.min(s.length, at + CHUNK));
      const head = Buffer.alloc(5);
      head[0] = 0xa5;
      head.writeUInt32LE(chunk.length, 1);
      chunks.push(createHash(digest).update(head).update(chunk).digest());
    }
  const top = Buffer.alloc(5);
  top[0] = 0x5a;
  top.writeUInt32LE(chunks.length, 1);
  return createHash(digest).update(top).update(Buffer.concat(chunks)).digest();
}

function signerOf(scheme: SigningScheme, raw: Buffer, check: (alg: number, digest: Buffer) => boolean): SignerReading {
  const signedData = prefixed(raw.subarray(0, 4 + raw.readUInt32LE(0)))[0];
  // v3 puts the signer's min and max SDK between the signed data and the signatures (and after its certificates).
  const [sigs, publicKey] = prefixed(raw.subarray(4 + signedData.length + (scheme === 'v3' ? 8 : 0)));
  const [digests, certificates] = prefixed(signedData, 2);
  const certs = prefixed(certificates);
  const reading = certs[0] ? certificateOf(certs[0]).reading : null;
  const fail = (problem: string): SignerReading => ({ scheme, certificate: reading, verified: false, problem });
  const key = createPublicKey({ key: publicKey, format: 'der', type: 'spki' });
  if (certs[0] && !certificateOf(certs[0]).cert.publicKey.export({ format: 'der', type: 'spki' }).equals(publicKey)) return fail('the certificate is not the signing key');
  const signatures = prefixed(sigs).map((s) => ({ alg: s.readUInt32LE(0), sig: prefixed(s.subarray(4))[0] }));
  const known = signatures.filter((s) => ALGORITHMS[s.alg]);
  if (!known.length) return fail('no signature algorithm this server knows');
  for (const { alg, sig } of known) {
    const a = ALGORITHMS[alg];
    const opts = a.pss ? { key, padding: 6, saltLength: a.digest === 'sha256' ? 32 : 64 } : key;
    if (!verify(a.digest, signedData, opts, sig)) return fail('the signature does not verify');
  }
  for (const d of prefixed(digests)) {
    const alg = d.readUInt32LE(0);
    if (ALGORITHMS[alg] && !check(alg, prefixed(d.subarray(4))[0])) return fail('the package content does not match its signed digest');
  }
  return { scheme, certificate: reading, verified: true };
}

/** The v2 and v3 signers of the package's signing block (none without one). */
export function blockSigners(buf: Buffer, zip: ZipLayout): SignerReading[] {
  const block = signingBlock(buf, zip);
  if (!block) return [];
  const digests = new Map<string, Buffer>();
  const check = (alg: number, signed: Buffer) => {
    const d = ALGORITHMS[alg].digest;
    if (!digests.has(d)) digests.set(d, contentDigest(buf, zip, block.start, d));
    return digests.get(d)!.equals(signed);
  };
  const out: SignerReading[] = [];
  for (const [id, scheme] of [[V2_ID, 'v2'], [V3_ID, 'v3']] as const) {
    const value = block.pairs.get(id);
    if (!value) continue;
    try {
      for (const signer of prefixed(prefixed(value)[0] ?? Buffer.alloc(0))) out.push(signerOf(scheme, signer, check));
    } catch {
      out.push({ scheme, certificate: null, verified: false, problem: 'the signing block cannot be read' });
    }
  }
  return out;
}
