/**
 * A package's zip read with limits: the end of central directory and the central directory are located first, the
 * entries' declared sizes checked against the limits before anything is inflated (a zip bomb is refused unread),
 * then fflate inflates the entries into buffers no larger than declared.
 */
import { unzipSync } from 'fflate';
import { NOT_A_PACKAGE, PACKAGE_RATIO, PACKAGE_TOO_LARGE, PackageError } from './errors';

export interface ZipLimits {
  /** The most bytes all entries may unpack to. */
  maxUnpacked: number;
  /** The largest unpacked-to-packed ratio of one entry (larger than 4 KiB unpacked). */
  maxRatio: number;
  /** The most entries. */
  maxEntries: number;
}

export const DEFAULT_LIMITS: ZipLimits = { maxUnpacked: 1024 * 1024 * 1024, maxRatio: 200, maxEntries: 65_536 };

/** Where the zip's central directory lies: the APK Signing Block sits just before it. */
export interface ZipLayout {
  centralDirOffset: number;
  centralDirSize: number;
  eocdOffset: number;
}

export interface ZipEntry {
  name: string;
  packed: number;
  size: number;
}

const EOCD = 0x06054b50;

/** The end of central directory record (searched back over the longest comment), or a 400. */
export function zipLayout(buf: Buffer): ZipLayout {
  const lowest = Math.max(0, buf.length - 22 - 0xffff);
  for (let at = buf.length - 22; at >= lowest; at--) {
    if (buf.readUInt32LE(at) !== EOCD) continue;
    const centralDirSize = buf.readUInt32LE(at + 12);
    const centralDirOffset = buf.readUInt32LE(at + 16);
    if (centralDirOffset + centralDirSize > at) break;
    return { centralDirOffset, centralDirSize, eocdOffset: at };
  }
  throw new PackageError(NOT_A_PACKAGE);
}

/** Every entry with its declared sizes, refused against `limits` before any is inflated. */
export function declaredEntries(buf: Buffer, limits: ZipLimits = DEFAULT_LIMITS): ZipEntry[] {
  const entries: ZipEntry[] = [];
  try {
    unzipSync(buf, {
      filter: (f) => {
        entries.push({ name: f.name, packed: f.size, size: f.originalSize });
        return false;
      },
    });
  } catch {
    throw new PackageError(NOT_A_PACKAGE);
  }
  if (entries.length > limits.maxEntries) throw new PackageError(PACKAGE_TOO_LARGE, 413);
  if (entries.reduce((s, e) => s + e.size, 0) > limits.maxUnpacked) throw new PackageError(PACKAGE_TOO_LARGE, 413);
  if (entries.some((e) => e.size > 4096 && e.size > Math.max(1, e.packed) * limits.maxRatio)) throw new PackageError(PACKAGE_RATIO, 413);
  return entries;
}

/**
 * The entries' contents, after `declaredEntries` passed. fflate inflates each into a buffer of its declared size, so
 * an entry that unpacks to more than it declares is cut there, never grown.
 */
export function unpackEntries(buf: Buffer, limits: ZipLimits = DEFAULT_LIMITS): Map<string, Uint8Array> {
  declaredEntries(buf, limits);
  try {
    return new Map(Object.entries(unzipSync(buf)));
  } catch {
    throw new PackageError(NOT_A_PACKAGE);
  }
}
