/**
 * `POST /safe/:id/protect`: the package is read at once (not a package, a zip bomb: a 4xx, nothing kept), its risks
 * found against the app's config, info and SHA-1 list, and it is kept as a record `processing` with its integrity
 * manifest (every entry's SHA-256) waiting to be signed; the protection job finishes it. Each package checked is
 * counted for usage and metrics.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { safe } from '../../../resources/safe';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallInput } from '../../engine/declared-calls';
import { addCount, counterOf } from '../../engine/counters';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import type { PackageReading } from '../../packages/index';
import { readUploadedPackage } from '../../packages/upload';
import { fingerprintOf, safeModels, SERVICE } from './models';
import { DEFAULT_CONFIG, highestOf, risksOf, type SafeConfig } from './risks';

/** Where a package waits for the external hardening command (the blob directory every instance shares). */
export const workFileOf = (ctx: Ctx, protectionId: string, kind: string) => join(ctx.config.blobDir, 'safe-work', `${protectionId}.${kind}`);

/** The app's config with its defaults. */
export const configOf = (app: Data): SafeConfig => ({ ...DEFAULT_CONFIG, ...((app.config ?? {}) as Partial<SafeConfig>) });

/** The text a game verifies: the package and every entry's digest, in a fixed order. */
export function manifestText(appId: string, protectionId: string, r: PackageReading, keyId: string): string {
  return JSON.stringify({
    format: 'lodestar-integrity/1',
    appId,
    protectionId,
    package: r.manifest.package,
    versionName: r.manifest.versionName,
    versionCode: r.manifest.versionCode,
    packageSha256: r.sha256,
    signerSha256: r.signers[0]?.certificate?.sha256 ?? null,
    keyId,
    entries: r.entries.map((e) => [e.name, e.size, e.sha256]),
  });
}

/** The record's fields from a reading and its risks. */
function protectionData(r: PackageReading, fileName: string, config: SafeConfig, registered: Set<string>, packageName?: string, command = false): Data {
  const risks = risksOf(r, { config, registered, ...(packageName ? { packageName } : {}) });
  const first = r.signers[0]?.certificate;
  return {
    fileName,
    kind: r.kind,
    package: r.manifest.package,
    ...(r.manifest.versionName ? { versionName: r.manifest.versionName } : {}),
    ...(r.manifest.versionCode !== null ? { versionCode: r.manifest.versionCode } : {}),
    ...(r.manifest.minSdk !== null ? { minSdk: r.manifest.minSdk } : {}),
    ...(r.manifest.targetSdk !== null ? { targetSdk: r.manifest.targetSdk } : {}),
    size: r.size,
    sha256: r.sha256,
    entryCount: r.entries.length,
    permissions: r.manifest.permissions,
    signers: r.signers.map((s) => ({ scheme: s.scheme, subject: s.certificate?.subject ?? '', sha1: s.certificate?.sha1 ?? '', sha256: s.certificate?.sha256 ?? '', verified: s.verified, ...(s.problem ? { problem: s.problem } : {}) })),
    ...(first ? { signerSha1: first.sha1 } : {}),
    signatureVerified: r.verified,
    signerRegistered: !!first && registered.has(first.sha1),
    risks,
    riskCount: risks.length,
    highestSeverity: highestOf(risks),
    hardening: command ? 'manifest+command' : 'manifest',
    logs: [{ at: new Date().toISOString(), line: `received ${fileName}: ${r.kind} ${r.manifest.package}, ${r.entries.length} entries, ${risks.length} risks` }],
  };
}

export async function protect(ctx: Ctx, call: CallInput): Promise<Data> {
  const appId = call.scopeId;
  const reading = readUploadedPackage(call.file);
  const m = safeModels(ctx);
  const app = call.record!;
  const config = configOf(app);
  const registered = new Set((await records(ctx.db, m.sha1).find(appId, { where: { appId } })).map((s) => fingerprintOf(String(s.sha1))));
  const fileName = String(call.input.fileName ?? `package.${reading.kind}`);
  const command = config.externalHardening && !!ctx.config.safeHardenCommand;
  const packageName = (app.info as { packageName?: string } | undefined)?.packageName || undefined;
  const made = await ctx.db.transaction(async (tx) => {
    const record = await records(tx, m.protections).insert(appId, { appId, ...protectionData(reading, fileName, config, registered, packageName, command) }, { status: 'processing', parentId: appId });
    const id = String(record.id);
    await records(tx, m.manifests).insert(appId, { protectionId: id, package: reading.manifest.package, signed: manifestText(appId, id, reading, '') });
    await addCount(tx, counterOf(safe, 'checks'), appId, { kind: reading.kind, package: reading.manifest.package }, { amount: reading.size });
    return record;
  });
  if (command) {
    await mkdir(join(ctx.config.blobDir, 'safe-work'), { recursive: true });
    await writeFile(workFileOf(ctx, String(made.id), reading.kind), call.file!);
  }
  await recordOperation(ctx.db, { actor: call.actor, appId, action: `${SERVICE}.protections.create`, target: String(made.id), after: { fileName, package: reading.manifest.package } });
  return made;
}
