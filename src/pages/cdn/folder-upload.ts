import { cdnCall, allRecords, writeEntry } from './cdn-api';
import { entryStep, sha256Hex, type FolderFile } from './folder-files';

/** One file's state in a folder upload, as the panel shows it. */
export interface FileProgress {
  path: string;
  size: number;
  /** Bytes of this file sent so far (its size once it needs none). */
  sent: number;
  state: 'waiting' | 'hashing' | 'uploading' | 'done' | 'unchanged' | 'stored' | 'failed';
  error?: string;
}

interface UploadGrant {
  stored: boolean;
  uploadUrl?: string;
}

interface StoredEntry {
  id: string;
  version?: number;
  path: string;
  contentHash: string;
  contentType?: string;
  labels?: string[];
  metadata?: Record<string, string>;
}

/** The raw bytes to a grant's address, reporting the bytes sent as they go. */
function putBytes(url: string, file: File, onSent: (bytes: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => onSent(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new Error(readError(xhr.responseText) ?? `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('network error'));
    xhr.send(file);
  });
}

function readError(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: string; details?: { message?: string }[] };
    return body.details?.[0]?.message ?? body.message;
  } catch {
    return undefined;
  }
}

/** A failure's words: what the server said, else the error's own. */
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Uploads a folder's files into a bucket, one after the other: each file is hashed (SHA-256) here, an entry already
 * holding that content is left alone, content the deployment already stores is not sent again (so running the same
 * folder again after a refresh sends nothing twice), the rest is sent to its upload grant; then the entry is created
 * or pointed at the new content. A file that fails is reported and the others go on.
 */
export async function uploadFolder(appId: string, bucketId: string, files: FolderFile[], report: (index: number, change: Partial<FileProgress>) => void): Promise<void> {
  const existing = new Map((await allRecords<StoredEntry & { id: string }>(appId, 'entries', bucketId)).map((e) => [e.path, e]));
  for (const [index, { file, path }] of files.entries()) {
    try {
      report(index, { state: 'hashing' });
      const hash = await sha256Hex(file);
      const entry = existing.get(path);
      const step = entryStep(entry, hash);
      if (step.kind === 'same') {
        report(index, { state: 'unchanged', sent: file.size });
        continue;
      }
      const grant = await cdnCall<UploadGrant>(appId, 'entries.uploadToken', { id: bucketId, hash }, { query: { size: file.size }, silent: true });
      if (!grant.stored && grant.uploadUrl) {
        report(index, { state: 'uploading' });
        await putBytes(grant.uploadUrl, file, (sent) => report(index, { sent }));
      }
      const kept = entry ? { contentType: entry.contentType, labels: entry.labels, metadata: entry.metadata, version: entry.version } : {};
      await writeEntry(appId, bucketId, { ...kept, path, contentHash: hash, ...(step.kind === 'update' ? { id: step.id } : {}) });
      report(index, { state: grant.stored ? 'stored' : 'done', sent: file.size });
    } catch (error) {
      report(index, { state: 'failed', error: messageOf(error) });
    }
  }
}
