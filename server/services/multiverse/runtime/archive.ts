/**
 * A build's archive (zip, or tar compressed with gzip) read into its files, with the limits that keep a hostile
 * archive out: at most `maxBytes` unpacked in all and `maxEntries` entries (a zip bomb stops at the limit, however
 * small its headers say it is), no entry outside the archive's root (`../`, absolute paths), no links. zip through
 * fflate's streaming reader, tar through nanotar after fflate's streaming gunzip.
 */
import { Gunzip, Unzip, UnzipInflate } from 'fflate';
import { parseTar } from 'nanotar';

export interface ArchiveEntry {
  /** Relative path, `/`-separated, no `.` or `..` segments. */
  path: string;
  data: Uint8Array;
  /** Whether the archive marks it executable (tar's mode; zip carries none fflate reads). */
  executable: boolean;
}

export interface ArchiveLimits {
  maxBytes: number;
  maxEntries: number;
}

/** Why an archive was refused: its message is the English key the API answers. */
export class ArchiveError extends Error {}

export type ArchiveKind = 'zip' | 'tar.gz';

/** The archive's kind from its first bytes (zip's `PK\x03\x04`, gzip's `1f 8b`), or undefined. */
export function archiveKindOf(bytes: Uint8Array): ArchiveKind | undefined {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'zip';
  if (bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08) return 'tar.gz';
  return undefined;
}

/** An entry's name as a safe relative path, or an error naming it. */
export function safeEntryPath(name: string): string {
  const parts = name.replace(/\\/g, '/').split('/').filter((p) => p !== '' && p !== '.');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || parts.some((p) => p === '..') || !parts.length) {
    throw new ArchiveError(`the archive has an entry outside its root: ${name}`);
  }
  return parts.join('/');
}

class Budget {
  bytes = 0;
  entries = 0;
  constructor(private readonly limits: ArchiveLimits) {}
  addBytes(n: number) {
    this.bytes += n;
    if (this.bytes > this.limits.maxBytes) throw new ArchiveError('the archive unpacks to more than the limit');
  }
  addEntry() {
    this.entries += 1;
    if (this.entries > this.limits.maxEntries) throw new ArchiveError('the archive has more entries than the limit');
  }
}

const concat = (chunks: Uint8Array[], size: number) => {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

function readZip(bytes: Uint8Array, budget: Budget): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  let failure: unknown;
  const unzip = new Unzip((file) => {
    if (file.name.endsWith('/')) return;
    try {
      budget.addEntry();
      const path = safeEntryPath(file.name);
      const chunks: Uint8Array[] = [];
      let size = 0;
      file.ondata = (err, chunk, final) => {
        if (failure) return;
        try {
          if (err) throw new ArchiveError('the archive is damaged');
          budget.addBytes(chunk.length);
          chunks.push(chunk);
          size += chunk.length;
          if (final) entries.push({ path, data: concat(chunks, size), executable: false });
        } catch (e) {
          failure = e;
          file.terminate();
        }
      };
      file.start();
    } catch (e) {
      failure ??= e;
    }
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch (e) {
    failure ??= e instanceof ArchiveError ? e : new ArchiveError('the archive is damaged');
  }
  if (failure) throw failure instanceof ArchiveError ? failure : new ArchiveError('the archive is damaged');
  return entries;
}

function gunzip(bytes: Uint8Array, budget: Budget): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const stream = new Gunzip((chunk) => {
    budget.addBytes(chunk.length);
    chunks.push(chunk);
    size += chunk.length;
  });
  try {
    stream.push(bytes, true);
  } catch (e) {
    throw e instanceof ArchiveError ? e : new ArchiveError('the archive is damaged');
  }
  return concat(chunks, size);
}

function readTarGz(bytes: Uint8Array, budget: Budget): ArchiveEntry[] {
  // The tar stream counts against the limit as it unpacks; its files are then within it.
  const tar = gunzip(bytes, budget);
  let items;
  try {
    items = parseTar(tar);
  } catch {
    throw new ArchiveError('the archive is damaged');
  }
  const entries: ArchiveEntry[] = [];
  for (const item of items) {
    if (item.type === 'directory' || item.type === 'extendedHeader' || item.type === 'globalExtendedHeader') continue;
    if (item.type !== 'file' && item.type !== 'contiguousFile' && item.type !== undefined) {
      throw new ArchiveError(`the archive has a link or special file: ${item.name}`);
    }
    budget.addEntry();
    const mode = parseInt(item.attrs?.mode ?? '644', 8);
    entries.push({ path: safeEntryPath(item.name), data: item.data ?? new Uint8Array(), executable: (mode & 0o111) !== 0 });
  }
  return entries;
}

/** The archive's files, or an `ArchiveError` saying why it is refused. */
export function readArchive(bytes: Uint8Array, limits: ArchiveLimits): { kind: ArchiveKind; entries: ArchiveEntry[] } {
  const kind = archiveKindOf(bytes);
  if (!kind) throw new ArchiveError('the upload is not a zip or tar.gz archive');
  const budget = new Budget(limits);
  const entries = kind === 'zip' ? readZip(bytes, budget) : readTarGz(bytes, budget);
  if (!entries.length) throw new ArchiveError('the archive has no files');
  return { kind, entries };
}
