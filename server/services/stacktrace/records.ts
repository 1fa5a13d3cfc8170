/**
 * Crash records: `parse` reads a log and symbolicates it into a record; `re-parse` (and a late symbol upload) does it
 * again with the symbol files as they are now; `tags` sets records' tags; app initialization answers what the app
 * holds.
 */
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers } from '../../engine/declared-calls';
import { notFound } from '../../engine/errors';
import { records, type Where } from '../../engine/query';
import type { Data } from '../../engine/store';
import { readCrashLog } from './crash-logs';
import { stacktraceModels } from './models';
import { symbolUploadGrant, uploadSymbols } from './symbols';
import { moduleIdsOf, recordFields, symbolicate, type SymbolRef } from './symbolicate';

/** Reads and symbolicates one log with the app's symbol files: the record's state and fields. */
export async function parseLog(ctx: Ctx, appId: string, log: string, version?: string): Promise<{ status: string; data: Data }> {
  const m = stacktraceModels(ctx);
  const reading = readCrashLog(log);
  const symbols = (await records(ctx.db, m.symbols).find(appId, {})).map((s) => s as unknown as SymbolRef);
  const textOf = async (symbolId: string) => (await records(ctx.db, m.texts).first(appId, { where: { symbolId } }))?.text as string | undefined;
  const frames = await symbolicate(reading, symbols, textOf, version);
  const { status, data } = recordFields(reading, frames);
  return { status, data: { ...data, buildIds: moduleIdsOf(reading.frames), modules: [...new Set(reading.frames.map((f) => f.module))].slice(0, 50) } };
}

/** Parses again every record of the app `where` selects; answers how many became which state. */
export async function reparseWhere(ctx: Ctx, appId: string, where: Where, actor: string) {
  const m = stacktraceModels(ctx);
  const found = await records(ctx.db, m.records).find(appId, { where, limit: 1000 });
  const outcome = { parsed: 0, finished: 0, partial_finished: 0, failed: 0 };
  for (const r of found) {
    const { status, data } = await parseLog(ctx, appId, String(r.log ?? ''), r.appVersion as string | undefined);
    const unset = ['error', 'signal', 'abortMessage'].filter((k) => !(k in data));
    await records(ctx.db, m.records).updateOne(appId, String(r.id), { status, set: data, unset });
    if (status !== r.status) await recordOperation(ctx.db, { actor, appId, action: 'stacktrace.records.re-parse', target: String(r.id), after: { status } });
    outcome.parsed++;
    outcome[status as 'finished']++;
  }
  return outcome;
}

export function recordCalls(ctx: Ctx): CallHandlers {
  const m = stacktraceModels(ctx);
  return {
    appInitialize: async ({ scopeId }) => ({
      initialized: true,
      symbols: await records(ctx.db, m.symbols).count(scopeId),
      records: await records(ctx.db, m.records).count(scopeId),
    }),
    uploadSymbols: (call) => uploadSymbols(ctx, call),
    credential: ({ req, scopeId, input }) => symbolUploadGrant(ctx, req, scopeId, String(input.fileName), Number(input.size)),
    parse: async ({ scopeId, actor, input }) => {
      const version = input.version ? String(input.version) : undefined;
      const log = String(input.log);
      const { status, data } = await parseLog(ctx, scopeId, log, version);
      const record = await records(ctx.db, m.records).insert(scopeId, { ...data, ...(version ? { appVersion: version } : {}), tags: (input.tags as string[] | undefined) ?? [], log }, { status });
      await recordOperation(ctx.db, { actor, appId: scopeId, action: 'stacktrace.records.create', target: String(record.id), after: { title: data.title, status } });
      return record;
    },
    reparse: async ({ scopeId, actor, input }) => {
      const ids = input.ids as string[] | undefined;
      if (ids) {
        const known = await records(ctx.db, m.records).count(scopeId, { id: { $in: ids } });
        if (known !== new Set(ids).size) throw notFound('no such crash record');
      }
      return reparseWhere(ctx, scopeId, ids ? { id: { $in: ids } } : { status: { $in: ['failed', 'partial_finished'] } }, actor);
    },
    tags: async ({ scopeId, actor, input }) => {
      const ids = [...new Set(input.ids as string[])];
      const tags = [...new Set(input.tags as string[])];
      const changed = await ctx.db.transaction(async (tx) => {
        const hits = await records(tx, m.records).update(scopeId, { id: { $in: ids } }, { set: { tags } });
        if (hits.length !== ids.length) throw notFound('no such crash record');
        await recordOperation(tx, { actor, appId: scopeId, action: 'stacktrace.records.tags', target: ids.join(','), after: { tags } });
        return hits.length;
      });
      return { updated: changed };
    },
  };
}
