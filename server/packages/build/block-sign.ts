/** An APK Signing Block with one v2 signer (RSASSA-PKCS1-v1_5 over SHA-256), put before the zip's central directory. */
import { sign } from 'node:crypto';
import { contentDigest, V2_ID } from '../signing-block';
import { zipLayout } from '../zip';
import type { SigningIdentity } from './signer-key';

const RSA_SHA256 = 0x0103;

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
const lp = (...parts: Buffer[]) => {
  const b = Buffer.concat(parts);
  return Buffer.concat([u32(b.length), b]);
};

/** The zip with a v2 signing block by `signer` (its certificate; the signature made with `keyOf`'s key). */
export function withV2Block(zip: Buffer, signer: SigningIdentity, keyOf: SigningIdentity = signer): Buffer {
  const layout = zipLayout(zip);
  const digest = contentDigest(zip, layout, layout.centralDirOffset, 'sha256');
  const signedData = Buffer.concat([lp(lp(u32(RSA_SHA256), lp(digest))), lp(lp(signer.certificateDer)), lp()]);
  const signature = sign('sha256', signedData, keyOf.privateKey);
  const value = lp(lp(lp(signedData), lp(lp(u32(RSA_SHA256), lp(signature))), lp(signer.publicKeyDer)));
  const pairs = Buffer.concat([u64(4 + value.length), u32(V2_ID), value]);
  const size = pairs.length + 8 + 16;
  const block = Buffer.concat([u64(size), pairs, u64(size), Buffer.from('APK Sig Block 42')]);
  const eocd = Buffer.from(zip.subarray(layout.eocdOffset));
  eocd.writeUInt32LE(layout.centralDirOffset + block.length, 16);
  return Buffer.concat([zip.subarray(0, layout.centralDirOffset), block, zip.subarray(layout.centralDirOffset, layout.eocdOffset), eocd]);
}
