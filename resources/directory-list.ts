import { callUrl } from './call-types';
import type { ResourceDecl, ServiceDecl } from './types';

/**
 * A list browsed by directory (`ListDecl.directories`): which call lists one directory under a parent record, the
 * rows that are sub-directories, and the way back up. Read by the console's list and the declarations' tests.
 */

/** A sub-directory's row in a directory's listing: `{ directory: true, <field>: 'a/b/', entryCount }`. */
export const isDirectoryRow = (row: Record<string, unknown>): boolean => row.directory === true;

/** The call listing one directory of the records under `parentId`: its address under the service's base, and its query. */
export function directoryListCall(service: ServiceDecl, decl: ResourceDecl, parentId: string, dir: string): { url: string; query: Record<string, string> } {
  const browse = decl.list.directories;
  const call = browse && service.calls?.[browse.call];
  if (!browse || !call?.record) throw new Error(`${service.name}/${decl.name}: no directory listing on a record is declared`);
  const param = /:(\w+)/.exec(call.path)?.[1] ?? 'id';
  return { url: callUrl(service.base, call).replace(`:${param}`, encodeURIComponent(parentId)), query: dir ? { [browse.param]: dir } : {} };
}

/** A directory's name within its parent directory (`bundles/levels/` → `levels`). */
export const directoryName = (dir: string): string => dir.replace(/\/$/, '').split('/').pop() ?? dir;

/** The steps from the root down to a directory (`a/b/`): each directory's name and its own path (`a/`, `a/b/`). */
export function directorySteps(dir: string): { name: string; dir: string }[] {
  const parts = dir.split('/').filter(Boolean);
  return parts.map((name, i) => ({ name, dir: `${parts.slice(0, i + 1).join('/')}/` }));
}
