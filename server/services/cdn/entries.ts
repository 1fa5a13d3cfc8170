import { assetStreaming } from '../../../resources/asset-streaming';
import { modelOf, type Ctx } from '../../context';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { badRequest } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { records } from '../../engine/query';
import { deleteRecords } from '../../engine/references';
import type { Data } from '../../engine/store';
import { contentOf, type Content } from './contents';
import { directoryPrefix, pathErrors } from './paths';
import { answerPage, pagingOf } from './paging';

const SERVICE = assetStreaming.name;
export const entriesOf = (ctx: Ctx) => modelOf(ctx, SERVICE, 'entries');

/** The content `validate` found for a write's data, which `derive` is then given: read once per write. */
const checked = new WeakMap<Data, Content>();

/**
 * An entry's checks: a safe path, not taken in its bucket, and content that was uploaded; its size and MD5 come
 * from the stored content.
 */
export const entryHooks: ResourceHooks = {
  async validate({ ctx, scopeId, data, existing }) {
    const path = String(data.path);
    const errors = pathErrors(path);
    if (errors.length) return errors;
    const bucketId = String(data.bucketId ?? existing?.bucketId);
    const taken = await records(ctx.db, entriesOf(ctx)).first(scopeId, { where: { parentId: bucketId, path, ...(existing ? { id: { $ne: String(existing.id) } } : {}) } });
    if (taken) errors.push({ field: '/path', message: 'an entry with this path exists in the bucket' });
    const content = await contentOf(ctx.db, String(data.contentHash));
    if (content) checked.set(data, content);
    else errors.push({ field: '/contentHash', message: 'content not uploaded: ask for an upload token first' });
    return errors;
  },
  async derive({ ctx, data }) {
    const content = checked.get(data) ?? (await contentOf(ctx.db, String(data.contentHash)));
    return content ? { contentSize: content.size, contentMd5: content.md5 } : {};
  },
};

const deleter = (call: CallInput) => ({ scopeId: call.scopeId, parentId: String(call.record!.id), principal: { actor: call.actor } });

/** A directory's sub-directories (with how many entries each holds) and its own entries, in path order. */
async function directoryRows(ctx: Ctx, scopeId: string, bucketId: string, prefix: string): Promise<Data[]> {
  const under = await records(ctx.db, entriesOf(ctx)).find(scopeId, { where: { parentId: bucketId, ...(prefix ? { path: { $startsWith: prefix } } : {}) }, orderBy: 'path' });
  const dirs = new Map<string, number>();
  const files: Data[] = [];
  for (const e of under) {
    const rest = String(e.path).slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash < 0) files.push(e);
    else dirs.set(rest.slice(0, slash), (dirs.get(rest.slice(0, slash)) ?? 0) + 1);
  }
  return [...[...dirs].map(([name, entryCount]) => ({ directory: true, path: `${prefix}${name}/`, entryCount })), ...files];
}

export function entryCalls(ctx: Ctx): CallHandlers {
  return {
    'entries.deleteMany': async (call) => {
      const removed = await deleteRecords(ctx, deleter(call), entriesOf(ctx), (call.input as { ids: string[] }).ids);
      return { deleted: removed.length };
    },
    'entries.byDirectory': async (call) => {
      const dir = call.input.dir as string | undefined;
      const paging = pagingOf(call.input);
      const prefix = directoryPrefix(dir);
      if (prefix) {
        const errors = pathErrors(prefix.slice(0, -1), 'query.dir');
        if (errors.length) throw badRequest(errors);
      }
      const rows = await directoryRows(ctx, call.scopeId, String(call.record!.id), prefix);
      return answerPage(call.reply, rows.slice(paging.offset, paging.offset + paging.limit), paging.offset, rows.length);
    },
    'entries.deleteDirectory': async (call) => {
      const prefix = directoryPrefix((call.input as { dir: string }).dir);
      const errors = prefix ? pathErrors(prefix.slice(0, -1), 'query.dir') : [{ field: 'query.dir', message: 'name a directory' }];
      if (errors.length) throw badRequest(errors);
      const inside = await records(ctx.db, entriesOf(ctx)).find(call.scopeId, { where: { parentId: String(call.record!.id), path: { $startsWith: prefix } } });
      const removed = inside.length ? await deleteRecords(ctx, deleter(call), entriesOf(ctx), inside.map((e) => String(e.id))) : [];
      return { deleted: removed.length };
    },
    'entries.fuzzy': async (call) => {
      const { offset, limit } = pagingOf(call.input);
      const page = await records(ctx.db, entriesOf(ctx)).page(call.scopeId, { where: { parentId: String(call.record!.id), path: { $search: String(call.input.q) } }, orderBy: 'path', offset, limit });
      return answerPage(call.reply, page.items, offset, page.total);
    },
  };
}
