/**
 * Packages: an APK or a HAP uploaded as the call's body, read by the package reader (`server/packages/`), kept in the
 * blob store by its SHA-256 and recorded with what its manifest and signer say; listed, read and removed by hash.
 */
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { badRequest, conflict, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import type { PackageReading } from '../../packages/index';
import { readUploadedPackage } from '../../packages/upload';
import { deviceModels, SERVICE } from './models';
import { packageKeyOf, packageStoreFor } from './package-store';

export const NOT_TESTABLE = 'only an APK or a HAP can be tested on a device';
export const NO_SUCH_PACKAGE = 'no such package';

/** The record's fields from a reading. */
function packageData(r: PackageReading, fileName: string): Data {
  const m = r.manifest;
  const signer = r.signers[0]?.certificate?.sha256;
  return {
    fileName,
    kind: r.kind,
    package: m.package,
    ...(m.versionName ? { versionName: m.versionName } : {}),
    ...(m.versionCode !== null ? { versionCode: m.versionCode } : {}),
    ...(m.minSdk !== null ? { minSdk: m.minSdk } : {}),
    ...(m.targetSdk !== null ? { targetSdk: m.targetSdk } : {}),
    ...(signer ? { signerSha256: signer } : {}),
    sha256: r.sha256,
    size: r.size,
  };
}

/** The app's package of that hash, or 404. */
export async function packageOf(ctx: Ctx, appId: string, sha256: string): Promise<Data> {
  const found = await records(ctx.db, deviceModels(ctx).packages).first(appId, { where: { sha256 } });
  if (!found) throw notFound(NO_SUCH_PACKAGE);
  return found;
}

/** The bytes of a package kept. */
export const packageBytes = (ctx: Ctx, appId: string, p: Data) => packageStoreFor(ctx.config).get(packageKeyOf(appId, String(p.sha256), String(p.kind)));

export async function upload(ctx: Ctx, call: CallInput): Promise<Data> {
  const appId = call.scopeId;
  const reading = readUploadedPackage(call.file);
  if (reading.kind === 'aab') throw badRequest([{ field: 'body', message: NOT_TESTABLE }], NOT_TESTABLE);
  const packages = records(ctx.db, deviceModels(ctx).packages);
  const kept = await packages.first(appId, { where: { sha256: reading.sha256 } });
  if (kept) return kept;
  await packageStoreFor(ctx.config).put(packageKeyOf(appId, reading.sha256, reading.kind), call.file!);
  const fileName = String(call.input.fileName ?? `package.${reading.kind}`);
  const made = await packages.insert(appId, packageData(reading, fileName));
  await recordOperation(ctx.db, { actor: call.actor, appId, action: `${SERVICE}.packages.create`, target: String(made.id), after: { fileName, package: reading.manifest.package, sha256: reading.sha256 } });
  return made;
}

async function remove(ctx: Ctx, call: CallInput): Promise<Data> {
  const appId = call.scopeId;
  const p = await packageOf(ctx, appId, call.params.hash);
  const m = deviceModels(ctx);
  const testing = await records(ctx.db, m.sessions).exists(appId, { packageHash: call.params.hash, status: { $in: ['queued', 'installing', 'running'] } });
  if (testing) throw conflict('INVALID_TRANSITION', 'the package is being tested');
  await records(ctx.db, m.packages).remove(appId, { id: String(p.id) });
  await packageStoreFor(ctx.config).remove(packageKeyOf(appId, String(p.sha256), String(p.kind)));
  await recordOperation(ctx.db, { actor: call.actor, appId, action: `${SERVICE}.packages.delete`, target: String(p.id), before: { fileName: p.fileName, sha256: p.sha256 } });
  return p;
}

interface Listing {
  count?: number;
  start?: number;
}

export const packageCalls = (ctx: Ctx): CallHandlers => ({
  upload: (call) => upload(ctx, call),
  package: async (call) => packageOf(ctx, call.scopeId, call.params.hash),
  'package.delete': (call) => remove(ctx, call),
  packages: async (call) => {
    const { count = 50, start = 0 } = call.input as Listing;
    const page = await records(ctx.db, deviceModels(ctx).packages).page(call.scopeId, { orderBy: '-createdAt', limit: count, offset: start });
    return { total: page.total, packages: page.items };
  },
});
