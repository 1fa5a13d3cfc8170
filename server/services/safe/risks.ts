/**
 * What a check finds in a package (the detect board's risks), from the package reader's reading, the app's config
 * and info, and its registered signers. Each risk has a code, a severity and a detail naming what was found.
 */
import type { PackageReading } from '../../packages/index';

export type Severity = 'high' | 'medium' | 'low';

export interface Risk {
  code: string;
  severity: Severity;
  /**
   * The risk's data, in no language (a fingerprint, component or permission names, `targetSdk < minimum`, the
   * signing scheme that failed), or empty: what the risk means is its code, named in both languages in the console.
   */
  detail: string;
}

export interface SafeConfig {
  minTargetSdk: number;
  requireRegisteredSigner: boolean;
  externalHardening: boolean;
}

export const DEFAULT_CONFIG: SafeConfig = { minTargetSdk: 30, requireRegisteredSigner: true, externalHardening: false };

/** Android permissions that reach a player's private data or the device beyond a game's needs. */
export const SENSITIVE_PERMISSIONS = [
  'READ_SMS', 'SEND_SMS', 'RECEIVE_SMS', 'READ_CONTACTS', 'READ_CALL_LOG', 'CALL_PHONE', 'RECORD_AUDIO', 'CAMERA',
  'ACCESS_FINE_LOCATION', 'READ_PHONE_STATE', 'REQUEST_INSTALL_PACKAGES', 'SYSTEM_ALERT_WINDOW', 'READ_EXTERNAL_STORAGE',
].map((p) => `android.permission.${p}`);

export interface CheckContext {
  config: SafeConfig;
  /** The app's registered signer fingerprints (upper case, colons). */
  registered: Set<string>;
  /** The package name the app's info expects, if any. */
  packageName?: string;
}

const SEVERITY_ORDER: Severity[] = ['high', 'medium', 'low'];
export const highestOf = (risks: Risk[]): Severity | 'none' => SEVERITY_ORDER.find((s) => risks.some((r) => r.severity === s)) ?? 'none';

function signingRisks(r: PackageReading, c: CheckContext): Risk[] {
  if (r.kind === 'hap') return [{ code: 'signature-not-checked', severity: 'low', detail: '' }];
  if (!r.signers.length) return [{ code: 'unsigned', severity: 'high', detail: '' }];
  const out: Risk[] = r.signers.filter((s) => !s.verified).map((s) => ({ code: 'signature-invalid', severity: 'high', detail: s.scheme }));
  const sha1 = r.signers[0].certificate?.sha1;
  if (sha1 && !c.registered.has(sha1)) {
    const severity: Severity = !c.config.requireRegisteredSigner ? 'low' : c.registered.size ? 'high' : 'medium';
    out.push({ code: 'signer-unregistered', severity, detail: sha1 });
  }
  if (r.kind === 'apk' && !r.signers.some((s) => s.scheme !== 'v1') && (r.manifest.minSdk ?? 0) < 24) {
    out.push({ code: 'v1-signature-only', severity: 'low', detail: '' });
  }
  return out;
}

export function risksOf(r: PackageReading, c: CheckContext): Risk[] {
  const m = r.manifest;
  const risks = signingRisks(r, c);
  if (c.packageName && m.package !== c.packageName) risks.push({ code: 'package-mismatch', severity: 'high', detail: `${m.package} ≠ ${c.packageName}` });
  if (m.debuggable) risks.push({ code: 'debuggable', severity: 'high', detail: '' });
  if (r.kind !== 'hap' && m.allowBackup) risks.push({ code: 'allow-backup', severity: 'medium', detail: '' });
  if (m.usesCleartextTraffic) risks.push({ code: 'cleartext-traffic', severity: 'medium', detail: '' });
  if (m.exported.length) risks.push({ code: 'exported-components', severity: 'medium', detail: m.exported.map((e) => `${e.type} ${e.name}`).slice(0, 10).join(', ') });
  const sensitive = m.permissions.filter((p) => SENSITIVE_PERMISSIONS.includes(p));
  if (sensitive.length) risks.push({ code: 'sensitive-permissions', severity: 'medium', detail: sensitive.join(', ') });
  if (r.kind !== 'hap' && m.targetSdk !== null && m.targetSdk < c.config.minTargetSdk) {
    risks.push({ code: 'old-target-sdk', severity: 'medium', detail: `${m.targetSdk} < ${c.config.minTargetSdk}` });
  }
  return risks;
}
