import { beforeAll, describe, expect, it } from 'vitest';
import { RISK_CODES } from '../../resources/safe/risk-labels';
import { buildPackage, signingIdentity, type PackageSpec, type SigningIdentity } from '../../server/packages/build/index';
import { readPackage } from '../../server/packages/index';
import { DEFAULT_CONFIG, highestOf, risksOf, type CheckContext } from '../../server/services/safe/risks';

let signer: SigningIdentity;
let fingerprint: string;
beforeAll(() => {
  signer = signingIdentity('Risk Test');
  fingerprint = readPackage(buildPackage({ package: 'a.b' }, { kind: 'apk', signer })).signers[0].certificate!.sha1;
});

const worst: PackageSpec = {
  package: 'com.example.worst',
  minSdk: 21,
  targetSdk: 26,
  debuggable: true,
  usesCleartextTraffic: true,
  permissions: ['android.permission.READ_SMS', 'android.permission.INTERNET'],
  components: [{ type: 'receiver', name: '.Open', exported: true }],
};
const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({ config: DEFAULT_CONFIG, registered: new Set(), ...over });
const codes = (spec: PackageSpec, opts: Parameters<typeof buildPackage>[1], c: CheckContext) => risksOf(readPackage(buildPackage(spec, opts)), c).map((r) => [r.code, r.severity]);

describe("a package's risks", () => {
  it('finds every risk of a careless build, each with a name in both languages', () => {
    const risks = risksOf(readPackage(buildPackage(worst, { kind: 'apk', signer, v2: false })), ctx({ packageName: 'com.example.game', registered: new Set(['00']) }));
    expect(risks.map((r) => [r.code, r.severity])).toEqual([
      ['signer-unregistered', 'high'],
      ['v1-signature-only', 'low'],
      ['package-mismatch', 'high'],
      ['debuggable', 'high'],
      ['allow-backup', 'medium'],
      ['cleartext-traffic', 'medium'],
      ['exported-components', 'medium'],
      ['sensitive-permissions', 'medium'],
      ['old-target-sdk', 'medium'],
    ]);
    expect(risks.filter((r) => !RISK_CODES[r.code])).toEqual([]);
    expect(highestOf(risks)).toBe('high');
  });

  it('weighs an unknown signer by the SHA-1 list and the config', () => {
    const clean: PackageSpec = { package: 'com.example.clean', minSdk: 24, targetSdk: 34, allowBackup: false };
    expect(codes(clean, { kind: 'apk', signer }, ctx())).toEqual([['signer-unregistered', 'medium']]);
    expect(codes(clean, { kind: 'apk', signer }, ctx({ registered: new Set(['AA']) }))).toEqual([['signer-unregistered', 'high']]);
    expect(codes(clean, { kind: 'apk', signer }, ctx({ config: { ...DEFAULT_CONFIG, requireRegisteredSigner: false } }))).toEqual([['signer-unregistered', 'low']]);
    expect(codes(clean, { kind: 'apk', signer }, ctx({ registered: new Set([fingerprint]) }))).toEqual([]);
    expect(highestOf([])).toBe('none');
  });

  it('an unsigned APK is a high risk; a HAP says its signature is not checked', () => {
    const clean: PackageSpec = { package: 'com.example.clean', targetSdk: 34, allowBackup: false };
    expect(codes(clean, { kind: 'apk' }, ctx())).toEqual([['unsigned', 'high']]);
    expect(codes(clean, { kind: 'hap' }, ctx())).toEqual([['signature-not-checked', 'low']]);
  });
});
