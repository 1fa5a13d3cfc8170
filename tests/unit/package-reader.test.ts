import { createHash } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPackage, signingIdentity, type PackageSpec, type SigningIdentity } from '../../server/packages/build/index';
import { PackageError, readPackage } from '../../server/packages/index';

const spec: PackageSpec = {
  package: 'com.lodestar.reader',
  versionName: '2.4.0',
  versionCode: 240,
  minSdk: 23,
  targetSdk: 30,
  permissions: ['android.permission.INTERNET', 'android.permission.READ_SMS'],
  debuggable: true,
  components: [
    { type: 'activity', name: '.MainActivity', intentFilter: true },
    { type: 'service', name: '.SyncService', exported: true },
    { type: 'receiver', name: '.QuietReceiver', exported: false },
  ],
};
const DEX = Buffer.from('dex\n035\0 the game code, stored as it is');
const colons = (hex: string) => hex.toUpperCase().match(/../g)!.join(':');

let signer: SigningIdentity;
let other: SigningIdentity;
beforeAll(() => {
  signer = signingIdentity('Reader Test');
  other = signingIdentity('Someone Else');
});

function refusal(fn: () => unknown): PackageError {
  try {
    fn();
  } catch (e) {
    if (e instanceof PackageError) return e;
    throw e;
  }
  throw new Error('read without a refusal');
}

describe('package reader: an APK', () => {
  it('reads the manifest: package, versions, SDK levels, permissions, exported components and flags', () => {
    const { kind, manifest } = readPackage(buildPackage(spec, { kind: 'apk', signer, files: { 'classes.dex': DEX } }));
    expect(kind).toBe('apk');
    expect(manifest).toEqual({
      package: 'com.lodestar.reader',
      versionName: '2.4.0',
      versionCode: 240,
      minSdk: 23,
      targetSdk: 30,
      permissions: ['android.permission.INTERNET', 'android.permission.READ_SMS'],
      // The launcher activity has an intent filter and no `exported` before Android 12: exported.
      exported: [
        { type: 'activity', name: '.MainActivity' },
        { type: 'service', name: '.SyncService' },
      ],
      debuggable: true,
      // Unset: backups are allowed, and cleartext is allowed before Android 9 only.
      allowBackup: true,
      usesCleartextTraffic: false,
    });
  });

  it('from Android 12 a component with an intent filter and no exported attribute is not exported; flags set are read', () => {
    const { manifest } = readPackage(buildPackage({ ...spec, targetSdk: 31, allowBackup: false, usesCleartextTraffic: true, debuggable: false }, { kind: 'apk' }));
    expect(manifest.exported).toEqual([{ type: 'service', name: '.SyncService' }]);
    expect([manifest.allowBackup, manifest.usesCleartextTraffic, manifest.debuggable]).toEqual([false, true, false]);
  });

  it('reports the v1 and v2 signers with their certificate fingerprints, both verified', () => {
    const reading = readPackage(buildPackage(spec, { kind: 'apk', signer, files: { 'classes.dex': DEX } }));
    const sha1 = colons(createHash('sha1').update(signer.certificateDer).digest('hex'));
    const sha256 = colons(createHash('sha256').update(signer.certificateDer).digest('hex'));
    expect(reading.signers.map((s) => [s.scheme, s.verified, s.certificate?.sha1, s.certificate?.sha256])).toEqual([
      ['v1', true, sha1, sha256],
      ['v2', true, sha1, sha256],
    ]);
    expect(reading.signers[0].certificate?.subject).toBe('CN=Reader Test');
    expect(reading.verified).toBe(true);
  });

  it("gives every entry's SHA-256 and the package's own", () => {
    const buf = buildPackage(spec, { kind: 'apk', signer, files: { 'classes.dex': DEX } });
    const reading = readPackage(buf);
    expect(reading.entries.find((e) => e.name === 'classes.dex')).toEqual({ name: 'classes.dex', size: DEX.length, sha256: createHash('sha256').update(DEX).digest('hex') });
    expect(reading.entries.map((e) => e.name)).toEqual(['AndroidManifest.xml', 'META-INF/CERT.RSA', 'META-INF/CERT.SF', 'META-INF/MANIFEST.MF', 'classes.dex']);
    expect(reading.sha256).toBe(createHash('sha256').update(buf).digest('hex'));
  });

  it('a signature made with another key than the certificate names is reported, not trusted', () => {
    const reading = readPackage(buildPackage(spec, { kind: 'apk', signer, forgedBy: other }));
    expect(reading.signers.map((s) => [s.scheme, s.verified, s.problem])).toEqual([
      ['v1', false, 'the signature does not verify'],
      ['v2', false, 'the signature does not verify'],
    ]);
    expect(reading.verified).toBe(false);
  });

  it('an entry changed after signing fails both schemes', () => {
    const buf = buildPackage(spec, { kind: 'apk', signer, level: 0, files: { 'classes.dex': DEX } });
    const at = buf.indexOf(DEX);
    buf[at + DEX.length - 1] ^= 0x20;
    const reading = readPackage(buf);
    expect(reading.signers.map((s) => [s.scheme, s.verified, s.problem])).toEqual([
      ['v1', false, 'classes.dex does not match its signed digest'],
      ['v2', false, 'the package content does not match its signed digest'],
    ]);
  });

  it('an entry added after JAR signing is reported as not signed', () => {
    const buf = buildPackage(spec, { kind: 'apk', signer, v2: false });
    const signed = readPackage(buf);
    expect(signed.signers.map((s) => s.verified)).toEqual([true]);
    // Rebuild with the same signature files and one more entry.
    const files = unzipSync(buf);
    const grown = Buffer.from(zipSync({ ...files, 'assets/extra.bin': new Uint8Array([1, 2, 3]) }));
    expect(readPackage(grown).signers.map((s) => [s.verified, s.problem])).toEqual([[false, 'assets/extra.bin is not signed']]);
  });

  it('an unsigned package has no signers and is not verified', () => {
    const reading = readPackage(buildPackage(spec, { kind: 'apk' }));
    expect([reading.signers, reading.verified]).toEqual([[], false]);
  });
});

describe('package reader: AAB and HAP', () => {
  it("reads an AAB's protobuf manifest and its JAR signer", () => {
    const reading = readPackage(buildPackage(spec, { kind: 'aab', signer }));
    expect(reading.kind).toBe('aab');
    expect([reading.manifest.package, reading.manifest.versionCode, reading.manifest.targetSdk, reading.manifest.permissions.length]).toEqual(['com.lodestar.reader', 240, 30, 2]);
    expect(reading.signers.map((s) => [s.scheme, s.verified])).toEqual([['v1', true]]);
  });

  it("reads a HAP's module.json", () => {
    const reading = readPackage(buildPackage({ ...spec, components: [{ type: 'activity', name: 'EntryAbility', exported: true }] }, { kind: 'hap' }));
    expect(reading.kind).toBe('hap');
    expect(reading.manifest).toMatchObject({ package: 'com.lodestar.reader', versionName: '2.4.0', minSdk: 23, debuggable: true, exported: [{ type: 'activity', name: 'EntryAbility' }] });
  });
});

describe('package reader: what is not a package', () => {
  it('bytes that are not a zip, and a zip without a manifest, are not packages', () => {
    expect(refusal(() => readPackage(Buffer.from('%PDF-1.7 not a package at all, just text padding it out'))).message).toBe('not an installation package');
    expect(refusal(() => readPackage(Buffer.from(zipSync({ 'readme.txt': Buffer.from('hello') })))).message).toBe('not an installation package');
  });

  it('a zip bomb is refused by its declared ratio and sizes before anything is inflated', () => {
    const bomb = buildPackage(spec, { kind: 'apk', level: 9, files: { 'assets/zeros.bin': new Uint8Array(8 * 1024 * 1024) } });
    const ratio = refusal(() => readPackage(bomb));
    expect([ratio.status, ratio.message]).toEqual([413, 'the package is compressed beyond the allowed ratio']);
    const sized = refusal(() => readPackage(buildPackage(spec, { kind: 'apk', level: 0, files: { 'a.bin': new Uint8Array(4096) } }), { maxUnpacked: 4096, maxRatio: 200, maxEntries: 100 }));
    expect([sized.status, sized.message]).toEqual([413, 'the package unpacks to more than the limit']);
  });
});
