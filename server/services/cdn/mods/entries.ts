/**
 * A mod version's files: checks beyond the schema's (one file per path), and the console's reads of a version's
 * files (`GET <mod>/entries`: the current version's; `GET <mod>/versions/:v/entries`: one version's).
 */
import type { Ctx } from '../../../context';
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
