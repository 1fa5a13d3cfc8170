/**
 * Builds packages the package reader reads: an APK (binary XML manifest, JAR-signed, and with a v2 signing block),
 * an AAB (protobuf manifest, JAR-signed) or a HAP (`module.json`). The demo's packages and the tests' are made here,
 * never downloaded.
 */
import { zipSync } from 'fflate';
import { binaryXml } from './axml';
import { withV2Block } from './block-sign';
import { jarSignatureFiles } from './jar-sign';
import { protoXml } from './proto-xml';
import type { SigningIdentity } from './signer-key';
import type { XmlElement } from './xml-tree';

export { signingIdentity, type SigningIdentity } from './signer-key';

export interface ComponentSpec {
  type: 'activity' | 'service' | 'receiver' | 'provider';
  name: string;
  exported?: boolean;
  /** A launcher intent filter (an activity without `exported` is then exported before Android 12). */
  intentFilter?: boolean;
}

export interface PackageSpec {
  package: string;
  versionName?: string;
  versionCode?: number;
  minSdk?: number;
  targetSdk?: number;
  permissions?: string[];
  debuggable?: boolean;
  allowBackup?: boolean;
  usesCleartextTraffic?: boolean;
  components?: ComponentSpec[];
}

export interface BuildOptions {
  kind: 'apk' | 'aab' | 'hap';
  /** Other entries (`classes.dex`, assets). */
  files?: Record<string, Uint8Array>;
  /** Who signs it (an APK and an AAB); unsigned without one. */
  signer?: SigningIdentity;
  /** Whose key makes the signatures, when not the signer's own: a forged signature. */
  forgedBy?: SigningIdentity;
  /** An APK's v2 signing block beside its JAR signature (default true). */
  v2?: boolean;
  /** Deflate level of the entries; 0 stores them. */
  level?: 0 | 1 | 6 | 9;
}

function manifestTree(s: PackageSpec): XmlElement {
  const app: Record<string, boolean> = {};
  for (const k of ['debuggable', 'allowBackup', 'usesCleartextTraffic'] as const) if (s[k] !== undefined) app[k] = s[k]!;
  const launcher: XmlElement = { name: 'intent-filter', children: [{ name: 'action', attrs: { name: 'android.intent.action.MAIN' } }, { name: 'category', attrs: { name: 'android.intent.category.LAUNCHER' } }] };
  return {
    name: 'manifest',
    attrs: { package: s.package, ...(s.versionCode === undefined ? {} : { versionCode: s.versionCode }), ...(s.versionName ? { versionName: s.versionName } : {}) },
    children: [
      { name: 'uses-sdk', attrs: { ...(s.minSdk ? { minSdkVersion: s.minSdk } : {}), ...(s.targetSdk ? { targetSdkVersion: s.targetSdk } : {}) } },
      ...(s.permissions ?? []).map((name) => ({ name: 'uses-permission', attrs: { name } })),
      {
        name: 'application',
        attrs: app,
        children: (s.components ?? []).map((c) => ({
          name: c.type,
          attrs: { name: c.name, ...(c.exported === undefined ? {} : { exported: c.exported }) },
          children: c.intentFilter ? [launcher] : [],
        })),
      },
    ],
  };
}

function moduleJson(s: PackageSpec): Buffer {
  return Buffer.from(
    JSON.stringify({
      app: { bundleName: s.package, versionCode: s.versionCode, versionName: s.versionName, minAPIVersion: s.minSdk, targetAPIVersion: s.targetSdk, debug: s.debuggable },
      module: {
        name: 'entry',
        requestPermissions: (s.permissions ?? []).map((name) => ({ name })),
        abilities: (s.components ?? []).filter((c) => c.type === 'activity').map((c) => ({ name: c.name, exported: c.exported ?? false })),
      },
    }),
  );
}

export function buildPackage(spec: PackageSpec, opts: BuildOptions): Buffer {
  const manifest: Record<string, Uint8Array> =
    opts.kind === 'apk' ? { 'AndroidManifest.xml': binaryXml(manifestTree(spec)) }
    : opts.kind === 'aab' ? { 'base/manifest/AndroidManifest.xml': protoXml(manifestTree(spec)) }
    : { 'module.json': moduleJson(spec) };
  const files: Record<string, Uint8Array> = { ...manifest, ...(opts.files ?? {}) };
  const signed = opts.signer && opts.kind !== 'hap' ? { ...files, ...jarSignatureFiles(files, opts.signer, opts.forgedBy) } : files;
  const zip = Buffer.from(zipSync(signed, { level: opts.level ?? 6, mtime: new Date(Date.UTC(2024, 0, 1)) }));
  return opts.signer && opts.kind === 'apk' && opts.v2 !== false ? withV2Block(zip, opts.signer, opts.forgedBy) : zip;
}
