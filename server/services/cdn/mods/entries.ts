/**
 * A mod version's files: checks beyond the schema's (one file per path, each content uploaded before through the
 * service's content-addressed upload, at the size it has there), and the console's reads of a version's
 * files (`GET <mod>/entries`: the current version's; `GET <mod>/versions/:v/entries`: one version's).
 */
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import type { CallInput } from '../../../engine/declared-calls';
import { notFound, type FieldError } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { versionsModel } from './player';

export interface ModEntry {
  path: string;
  contentHash: string;
  contentSize: number;
  contentType?: string;
}

/** One file per path in a version (paths compared as given: the schema already refuses `.`, `..` and `//`). */
export function checkEntries(entries: ModEntry[]): FieldError[] {
  const seen = new Set<string>();
  return entries.flatMap((e, i) => {
    if (!seen.has(e.path)) {
      seen.add(e.path);
      return [];
    }
    return [{ field: `/entries/${i}/path`, message: 'path given twice' }];
  });
}

/** Entries whose content is not stored (never uploaded, or its upload failed), or stored at another size. */
export async function contentProblems(db: Queryable, entries: ModEntry[]): Promise<FieldError[]> {
  const hashes = [...new Set(entries.map((e) => e.contentHash))];
  const res = await db.query<{ hash: string; size: string }>('SELECT hash, size FROM cdn_contents WHERE hash = ANY($1)', [hashes]);
  const sizes = new Map(res.rows.map((r) => [r.hash, Number(r.size)]));
  return entries.flatMap((e, i): FieldError[] => {
    const size = sizes.get(e.contentHash);
    if (size === undefined) return [{ field: `/entries/${i}/contentHash`, message: 'content not uploaded' }];
    return size === e.contentSize ? [] : [{ field: `/entries/${i}/contentSize`, message: 'not the size of the uploaded content' }];
  });
}

/** The files of version `v` of the mod the call names (0: its current one); 404 when it has no such version. */
export async function versionEntries(ctx: Ctx, call: CallInput, v?: number): Promise<{ version: number; total: number; entries: ModEntry[] }> {
  const mod = call.record!;
  const wanted = v ?? Number(mod.currentVersion ?? 0);
  if (!wanted) return { version: 0, total: 0, entries: [] };
  const found = await records(ctx.db, versionsModel(ctx)).first(call.scopeId, { where: { modId: String(mod.id), v: wanted } });
  if (!found) throw notFound('no such version');
  const entries = found.entries as ModEntry[];
  return { version: wanted, total: entries.length, entries };
}
