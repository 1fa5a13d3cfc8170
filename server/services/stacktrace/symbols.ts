/**
 * Symbol files: an upload is read at once (`symbol-files.ts`; refused with nothing kept when it is not a symbol
 * file), kept as a record and its Breakpad text, replacing the app's earlier file of the same module id; crash
 * records that name that module and are not finished are parsed again (every one of them when a file was replaced). Deleting a record removes its text.
 */
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import { publicOrigin } from '../../auth/callers';
import { safeFileName } from '../../blob/keys';
import { Signer } from '../../blob/signing';
import { blobStoreFor, UPLOAD_GRANT_SECONDS } from '../../blob/store';
import type { CallInput } from '../../engine/declared-calls';
import type { ResourceHooks } from '../../engine/hooks';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { stacktraceModels } from './models';
import { reparseWhere } from './records';
import { readSymbolFile } from './symbol-files';

export async function uploadSymbols(ctx: Ctx, call: CallInput): Promise<Data> {
  const appId = call.scopeId;
  const bytes = call.file ?? Buffer.alloc(0);
  const fileName = String(call.input.fileName ?? 'symbols');
  const r = readSymbolFile(bytes, fileName);
  const m = stacktraceModels(ctx);
  const data: Data = {
    fileName,
    ...(call.input.version ? { appVersion: String(call.input.version) } : {}),
    kind: r.kind,
    moduleName: r.moduleName,
    ...(r.buildId ? { buildId: r.buildId } : {}),
    debugId: r.debugId,
    os: r.os,
    arch: r.arch,
    size: bytes.length,
    functionCount: r.functionCount,
    hasLines: r.hasLines,
  };
  const made = await ctx.db.transaction(async (tx) => {
    const earlier = await records(tx, m.symbols).first(appId, { where: { debugId: r.debugId }, lock: 'update' });
    const record = earlier
      ? await records(tx, m.symbols).updateOne(appId, String(earlier.id), { data })
      : await records(tx, m.symbols).insert(appId, data);
    const id = String(record.id);
    await records(tx, m.texts).remove(appId, { symbolId: id });
    await records(tx, m.texts).insert(appId, { symbolId: id, moduleName: r.moduleName, text: r.text });
    await recordOperation(tx, { actor: call.actor, appId, action: `stacktrace.symbols.${earlier ? 'update' : 'create'}`, target: id, after: data });
    return { record, replaced: !!earlier };
  });
  // A late symbol file: the crashes that waited for this module are parsed again with it. A file replacing one of the
  // same module (the unstripped library after the stripped one) may say more: every crash in the module is.
  const ids = [r.debugId, ...(r.buildId ? [r.buildId] : [])];
  const inModule = { $or: ids.map((id) => ({ buildIds: { $contains: [id] } })) };
  await reparseWhere(ctx, appId, made.replaced ? inModule : { ...inModule, status: { $in: ['failed', 'partial_finished'] } }, call.actor);
  return made.record;
}

/** A signed link to put one file into the platform's object storage, under the app's stacktrace prefix. */
export async function symbolUploadGrant(ctx: Ctx, req: FastifyRequest, appId: string, fileName: string, size: number) {
  const key = `apps/${appId}/stacktrace/${Date.now()}-${safeFileName(fileName)}`;
  const expires = new Date(Date.now() + UPLOAD_GRANT_SECONDS * 1000);
  const store = blobStoreFor(ctx.config, new Signer(ctx.db, () => ctx.config.secretKey));
  const { url, headers } = await store.uploadUrl({ key, contentType: 'application/octet-stream', size }, expires, publicOrigin(ctx, req));
  return { url, headers, key, expiresAt: expires.toISOString() };
}

/** A symbol file deleted takes its text with it. */
export const symbolHooks: ResourceHooks = {
  changed: async ({ ctx, scopeId, ids }) => {
    const m = stacktraceModels(ctx);
    for (const id of ids) {
      if (!(await records(ctx.db, m.symbols).maybe(scopeId, id))) await records(ctx.db, m.texts).remove(scopeId, { symbolId: id });
    }
  },
};
