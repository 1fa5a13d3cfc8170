/**
 * A function's code package: the text files of a zip (read with the archive reader's limits: no entry outside the
 * root, no bomb) or of the console's editor, with node_modules, .git and .vscode left out (spec 001 §5), and its
 * content hash, which names the version. Pure: no database, no sandbox.
 */
import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { ignoredPath } from '../../../resources/func-stateless/limits';
import { ArchiveError, archiveKindOf, readArchive, safeEntryPath } from '../multiverse/runtime/archive';
import { PackageError } from '../../packages/errors';
import { declaredEntries } from '../../packages/zip';

/** What a package may hold: unpacked bytes of the zip, files kept, and bytes of text kept. */
export const CODE_LIMITS = { maxUnpacked: 20 * 1024 * 1024, maxEntries: 5000, maxFiles: 200, maxTextBytes: 5 * 1024 * 1024 };

export interface CodePackage {
  files: Record<string, string>;
  /** Paths left out: under an ignored folder, or not UTF-8 text. */
  skipped: string[];
  hash: string;
  codeBytes: number;
}

/** A refusal of the code: its message is the English key the API answers (400, or 413 when too large). */
export class CodeError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** SHA-256 over the files in path order, each as its path, a NUL, its length, a NUL and its bytes. */
export function contentHash(files: Record<string, string>): string {
  const h = createHash('sha256');
  for (const path of Object.keys(files).sort()) {
    const body = Buffer.from(files[path], 'utf8');
    h.update(`${path}\0${body.length}\0`);
    h.update(body);
  }
  return h.digest('hex');
}

/** The package of files given as text (the console's editor): paths made safe, ignored folders left out. */
export function packageOfFiles(given: Record<string, string>, entry: string): CodePackage {
  const files: Record<string, string> = {};
  const skipped: string[] = [];
  for (const [raw, text] of Object.entries(given)) {
    let path: string;
    try {
      path = safeEntryPath(raw);
    } catch (err) {
      throw new CodeError((err as Error).message);
    }
    if (ignoredPath(path)) skipped.push(path);
    else files[path] = text;
  }
  return finish(files, skipped, entry);
}

/** The package of a zip's bytes: its text files, with the zip's single top folder taken away when everything is under one. */
export function packageOfZip(bytes: Uint8Array, entry: string): CodePackage {
  if (archiveKindOf(bytes) !== 'zip') throw new CodeError('the upload is not a zip archive');
  let entries;
  try {
    // The central directory first (a zip cut short or not ending as a zip is damaged), its sizes held to the limits.
    declaredEntries(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), { maxUnpacked: CODE_LIMITS.maxUnpacked, maxRatio: 1000, maxEntries: CODE_LIMITS.maxEntries });
  } catch (err) {
    if (err instanceof PackageError) throw new CodeError(err.status === 413 ? 'the archive unpacks to more than the limit' : 'the archive is damaged', err.status);
    throw err;
  }
  try {
    entries = readArchive(bytes, { maxBytes: CODE_LIMITS.maxUnpacked, maxEntries: CODE_LIMITS.maxEntries }).entries;
  } catch (err) {
    if (err instanceof ArchiveError) throw new CodeError(err.message, /limit/.test(err.message) ? 413 : 400);
    throw err;
  }
  const tops = new Set(entries.map((e) => e.path.split('/')[0]));
  const nested = tops.size === 1 && entries.every((e) => e.path.includes('/')) && !entries.some((e) => e.path === entry);
  const files: Record<string, string> = {};
  const skipped: string[] = [];
  for (const e of entries) {
    const path = nested ? e.path.slice(e.path.indexOf('/') + 1) : e.path;
    if (ignoredPath(path)) {
      skipped.push(path);
      continue;
    }
    try {
      files[path] = utf8.decode(e.data);
    } catch {
      skipped.push(path);
    }
  }
  return finish(files, skipped, entry);
}

function finish(files: Record<string, string>, skipped: string[], entry: string): CodePackage {
  const paths = Object.keys(files);
  if (paths.length > CODE_LIMITS.maxFiles) throw new CodeError(`the package has more than ${CODE_LIMITS.maxFiles} files`, 413);
  const codeBytes = paths.reduce((s, p) => s + Buffer.byteLength(files[p], 'utf8'), 0);
  if (codeBytes > CODE_LIMITS.maxTextBytes) throw new CodeError('the code is larger than the limit', 413);
  if (typeof files[entry] !== 'string') throw new CodeError(`the entry file ${entry} is not in the package`);
  const sorted = Object.fromEntries(paths.sort().map((p) => [p, files[p]]));
  return { files: sorted, skipped: skipped.sort(), hash: contentHash(sorted), codeBytes };
}

/** The entry file a handler names (`index.handler` → `index.js`). */
export const entryFileOf = (handler: string) => `${handler.slice(0, handler.lastIndexOf('.'))}.js`;

/** A package's files as a zip again (a version's download). */
export function zipOf(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([p, text]) => [p, Buffer.from(text, 'utf8')])), { level: 6 });
}
