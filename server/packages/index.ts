/**
 * The package reader: an Android APK or AAB, or a HarmonyOS HAP, read for real — its manifest, its signers (JAR
 * signing; for an APK also the v2 / v3 signing block) each checked, and every entry's SHA-256. Services that take
 * packages (Safe's checks, Device's installs) read them here; nothing in it is one service's.
 */
import { createHash } from 'node:crypto';
import { NOT_A_PACKAGE, PackageError } from './errors';
import { readBinaryManifest, readProtoManifest, type ManifestReading } from './manifest';
import { readModuleJson } from './hap';
import type { SignerReading } from './signer';
import { blockSigners } from './signing-block';
import { v1Signers } from './v1-signature';
import { DEFAULT_LIMITS, unpackEntries, zipLayout, type ZipLimits } from './zip';

export { PackageError } from './errors';
export type { ManifestReading, Component } from './manifest';
export type { SignerReading, SigningScheme } from './signer';
export type { CertificateReading } from './certificates';
export type { ZipLimits } from './zip';

export type PackageKind = 'apk' | 'aab' | 'hap';

export interface EntryDigest {
  name: string;
  size: number;
  sha256: string;
}

export interface PackageReading {
  kind: PackageKind;
  manifest: ManifestReading;
  signers: SignerReading[];
  /** Signed, and every signer verifies. */
  verified: boolean;
  entries: EntryDigest[];
  /** The package's bytes and SHA-256. */
  size: number;
  sha256: string;
}

/** The package kinds, by the manifest each holds. */
const KINDS: [PackageKind, string, (b: Buffer) => ManifestReading][] = [
  ['apk', 'AndroidManifest.xml', readBinaryManifest],
  ['aab', 'base/manifest/AndroidManifest.xml', readProtoManifest],
  ['hap', 'module.json', readModuleJson],
];

/** Reads a package, or throws a `PackageError` (not a package; a zip bomb). */
export function readPackage(buf: Buffer, limits: ZipLimits = DEFAULT_LIMITS): PackageReading {
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50) throw new PackageError(NOT_A_PACKAGE);
  const layout = zipLayout(buf);
  const files = unpackEntries(buf, limits);
  const kind = KINDS.find(([, path]) => files.has(path));
  if (!kind) throw new PackageError(NOT_A_PACKAGE);
  const manifest = kind[2](Buffer.from(files.get(kind[1])!));
  const signers = kind[0] === 'hap' ? [] : [...v1Signers(files), ...(kind[0] === 'apk' ? blockSigners(buf, layout) : [])];
  return {
    kind: kind[0],
    manifest,
    signers,
    verified: signers.length > 0 && signers.every((s) => s.verified),
    entries: [...files]
      .filter(([name]) => !name.endsWith('/'))
      .map(([name, data]) => ({ name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    size: buf.length,
    sha256: createHash('sha256').update(buf).digest('hex'),
  };
}
