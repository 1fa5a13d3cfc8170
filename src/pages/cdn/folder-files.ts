/**
 * A folder chosen for upload into a bucket: which of its files are kept (never `node_modules`, `.git` or `.vscode`),
 * the entry path each becomes (its path inside the folder), and what each needs against the bucket's entries.
 */

/** Directories a folder upload never takes. */
export const SKIPPED_DIRECTORIES = ['node_modules', '.git', '.vscode'] as const;

export interface FolderFile {
  file: File;
  /** The entry's path: the file's path inside the chosen folder. */
  path: string;
}

/** A file's path inside the chosen folder: its relative path without the folder's own name. */
export function pathInFolder(file: Pick<File, 'name' | 'webkitRelativePath'>): string {
  const relative = (file.webkitRelativePath || file.name).replace(/\\/g, '/').replace(/^\/+/, '');
  const parts = relative.split('/');
  return parts.length > 1 ? parts.slice(1).join('/') : relative;
}

/** True when any directory of the path is one a folder upload skips. */
export const isSkipped = (path: string): boolean => path.split('/').slice(0, -1).some((dir) => (SKIPPED_DIRECTORIES as readonly string[]).includes(dir));

/** The files of a chosen folder to upload, by path, and how many were skipped. */
export function folderFiles(files: readonly File[]): { files: FolderFile[]; skipped: number } {
  const kept = new Map<string, FolderFile>();
  let skipped = 0;
  for (const file of files) {
    const path = pathInFolder(file);
    if (isSkipped(`${file.webkitRelativePath || file.name}`) || isSkipped(path)) skipped += 1;
    else kept.set(path, { file, path });
  }
  return { files: [...kept.values()].sort((a, b) => a.path.localeCompare(b.path)), skipped };
}

/** What one file needs: nothing (the entry holds this content), a new entry, or the entry's content changed. */
export type EntryStep = { kind: 'same' } | { kind: 'create' } | { kind: 'update'; id: string };

export function entryStep(existing: { id: string; contentHash: string } | undefined, hash: string): EntryStep {
  if (!existing) return { kind: 'create' };
  return existing.contentHash === hash ? { kind: 'same' } : { kind: 'update', id: existing.id };
}

/** The SHA-256 of a file in lower-case hex, computed in the browser. */
export async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
