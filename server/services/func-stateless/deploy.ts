/**
 * Code and versions: each deploy stores the package once per function and content hash and makes an immutable
 * version (the same content again moves the alias to its version instead); the live alias is the function's
 * `liveVersion`, moved by a deploy, a rollback or a redeploy; deleting the deployment removes every version and its
 * code. Every move is made under the function's row lock and written to the operation history.
 */
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { ApiError, badRequest, conflict, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { auditIn } from '../../engine/write';
import { CodeError, entryFileOf, packageOfFiles, packageOfZip, type CodePackage } from './code';
import { funcModels, type FuncModels } from './models';

const codeRefused = (err: unknown): never => {
  if (err instanceof CodeError) {
    if (err.status === 413) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', err.message);
    throw badRequest([{ field: '/files', message: err.message }], err.message);
  }
  throw err;
};

/** A function's versions, newest first. */
export const versionsOf = (q: Queryable, m: FuncModels, appId: string, functionId: string) =>
  records(q, m.versions).find(appId, { where: { functionId }, orderBy: '-number' });

/** The code of one of the function's versions (its package's files), or 404. */
export async function codeOf(q: Queryable, m: FuncModels, appId: string, functionId: string, version: Data): Promise<Record<string, string>> {
  const bundle = await records(q, m.bundles).first(appId, { where: { functionId, hash: String(version.hash) } });
  if (!bundle) throw notFound('no such version');
  return bundle.files as Record<string, string>;
}

/** The version of a number, or 404. */
export async function versionNumbered(q: Queryable, m: FuncModels, appId: string, functionId: string, number: number): Promise<Data> {
  const found = await records(q, m.versions).first(appId, { where: { functionId, number } });
  if (!found) throw notFound('no such version');
  return found;
}

/** The function's fields once its alias points at `version`: live, unless it is disabled. */
const aliasTo = (fn: Data, version: Data, count: number) => ({
  status: fn.status === 'disabled' ? 'disabled' : 'active',
  set: { liveVersion: version.number, liveHash: version.hash, versionCount: count, lastDeployedAt: new Date().toISOString() },
});

/** Stores a package as a version of the function (or finds the version with its content) and moves the alias to it. */
export async function deploy(ctx: Ctx, call: CallInput, pkg: CodePackage, source: 'zip' | 'console', handler: string, description?: string): Promise<Data> {
  const m = funcModels(ctx);
  const appId = call.scopeId;
  const functionId = String(call.record!.id);
  return ctx.db.transaction(async (tx) => {
    const fn = await records(tx, m.functions).get(appId, functionId, { lock: 'update' });
    const existing = await records(tx, m.versions).first(appId, { where: { functionId, hash: pkg.hash } });
    const all = await versionsOf(tx, m, appId, functionId);
    let version = existing;
    if (!version) {
      if (!(await records(tx, m.bundles).exists(appId, { functionId, hash: pkg.hash }))) {
        await records(tx, m.bundles).insert(appId, { functionId, hash: pkg.hash, files: pkg.files }, { parentId: functionId });
      }
      const number = (Number(all[0]?.number) || 0) + 1;
      version = await records(tx, m.versions).insert(
        appId,
        { functionId, number, hash: pkg.hash, source, handler, codeBytes: pkg.codeBytes, files: Object.keys(pkg.files), skipped: pkg.skipped, ...(description ? { description } : {}) },
        { parentId: functionId },
      );
      await auditIn(tx, { scopeId: appId, principal: { actor: call.actor } }, m.versions, 'create', String(version.id), undefined, version);
    }
    const moved = aliasTo(fn, version, all.length + (existing ? 0 : 1));
    const after = await records(tx, m.functions).updateOne(appId, functionId, { ...moved, set: { ...moved.set, handler } });
    await auditIn(tx, { scopeId: appId, principal: { actor: call.actor } }, m.functions, 'deploy', functionId, fn, after);
    return version;
  });
}

/** Moves the alias to a version (a rollback or a redeploy), under the function's lock. */
async function moveAlias(ctx: Ctx, call: CallInput, pick: (fn: Data, versions: Data[]) => Data, action: string): Promise<Data> {
  const m = funcModels(ctx);
  const appId = call.scopeId;
  const functionId = String(call.record!.id);
  return ctx.db.transaction(async (tx) => {
    const fn = await records(tx, m.functions).get(appId, functionId, { lock: 'update' });
    const all = await versionsOf(tx, m, appId, functionId);
    if (!all.length) throw conflict('INVALID_TRANSITION', 'the function has no version yet');
    const target = pick(fn, all);
    const moved = aliasTo(fn, target, all.length);
    const after = await records(tx, m.functions).updateOne(appId, functionId, { ...moved, set: { ...moved.set, handler: target.handler } });
    await auditIn(tx, { scopeId: appId, principal: { actor: call.actor } }, m.functions, action, functionId, fn, after);
    return after;
  });
}

const numbered = (all: Data[], n: number) => {
  const found = all.find((v) => v.number === n);
  if (!found) throw notFound('no such version');
  return found;
};

export function deployCalls(ctx: Ctx): CallHandlers {
  const m = funcModels(ctx);
  return {
    'scf.get': async ({ scopeId, record }) => {
      const fn = record!;
      const all = await versionsOf(ctx.db, m, scopeId, String(fn.id));
      const live = all.find((v) => v.number === fn.liveVersion);
      if (!live) return { versionCount: all.length };
      const files = await codeOf(ctx.db, m, scopeId, String(fn.id), live);
      return { liveVersion: live.number, liveHash: live.hash, handler: live.handler, codeBytes: live.codeBytes, fileNames: Object.keys(files), versionCount: all.length, files };
    },
    'scf.put': async (call) => {
      const input = call.input as { files: Record<string, string>; handler?: string; description?: string };
      const handler = input.handler ?? String(call.record!.handler ?? 'index.handler');
      let pkg: CodePackage;
      try {
        pkg = packageOfFiles(input.files, entryFileOf(handler));
      } catch (err) {
        return codeRefused(err);
      }
      call.reply.status(201);
      return deploy(ctx, call, pkg, 'console', handler, input.description);
    },
    'scf.post': async (call) => {
      const input = call.input as { description?: string };
      const handler = String(call.record!.handler ?? 'index.handler');
      let pkg: CodePackage;
      try {
        pkg = packageOfZip(call.file!, entryFileOf(handler));
      } catch (err) {
        return codeRefused(err);
      }
      call.reply.status(201);
      return deploy(ctx, call, pkg, 'zip', handler, input.description);
    },
    'scf.delete': async (call) => {
      const appId = call.scopeId;
      const functionId = String(call.record!.id);
      return ctx.db.transaction(async (tx) => {
        const fn = await records(tx, m.functions).get(appId, functionId, { lock: 'update' });
        await records(tx, m.versions).remove(appId, { functionId });
        await records(tx, m.bundles).remove(appId, { functionId });
        const after = await records(tx, m.functions).updateOne(appId, functionId, {
          status: 'deleted',
          set: { versionCount: 0, gateway: { ...((fn.gateway as Data) ?? {}), enabled: false } },
          unset: ['liveVersion', 'liveHash'],
        });
        await auditIn(tx, { scopeId: appId, principal: { actor: call.actor } }, m.functions, 'deleteDeployment', functionId, fn, after);
        return after;
      });
    },
    rollback: (call) =>
      moveAlias(
        ctx,
        call,
        (fn, all) => {
          const asked = (call.input as { version?: number }).version;
          if (asked !== undefined) {
            if (asked >= Number(fn.liveVersion)) throw conflict('INVALID_TRANSITION', 'a rollback goes to an earlier version than the live one');
            return numbered(all, asked);
          }
          const earlier = all.find((v) => Number(v.number) < Number(fn.liveVersion));
          if (!earlier) throw conflict('INVALID_TRANSITION', 'no version before the live one');
          return earlier;
        },
        'rollback',
      ),
    redeploy: (call) =>
      moveAlias(ctx, call, (fn, all) => numbered(all, (call.input as { version?: number }).version ?? Number(fn.liveVersion)), 'redeploy'),
    syncFunction: async (call) => {
      const appId = call.scopeId;
      const functionId = String(call.record!.id);
      return ctx.db.transaction(async (tx) => {
        const fn = await records(tx, m.functions).get(appId, functionId, { lock: 'update' });
        const all = await versionsOf(tx, m, appId, functionId);
        const live = all.find((v) => v.number === fn.liveVersion) ?? all[0];
        const change = live
          ? { ...aliasTo(fn, live, all.length), set: { liveVersion: live.number, liveHash: live.hash, versionCount: all.length } }
          : { status: fn.status === 'deleted' ? 'deleted' : 'creating', set: { versionCount: 0 }, unset: ['liveVersion', 'liveHash'] };
        const after = await records(tx, m.functions).updateOne(appId, functionId, change);
        await auditIn(tx, { scopeId: appId, principal: { actor: call.actor } }, m.functions, 'sync', functionId, fn, after);
        return after;
      });
    },
  };
}
