/**
 * Cloud saves' rules that need no database: which slot a write goes to under the app's progress type, what a
 * player's quotas allow, how a file is cut into chunks, and what image a profile picture's bytes are.
 */
import { CHUNK_BYTES } from '../../../resources/save/calls';

export type ProgressType = 'LINEAR' | 'MULTI';

export interface SaveSettings {
  progressType: ProgressType;
  maxSlots: number;
  maxBytesPerPlayer: number;
  maxJsonBytes: number;
  maxPictureBytes: number;
}

/** The slot LINEAR progress keeps, and the one a write without a slot goes to. */
export const DEFAULT_SLOT = 'default';

/** The slot a write goes to, or the message refusing it (LINEAR progress has only the default slot). */
export function slotFor(settings: Pick<SaveSettings, 'progressType'>, slot: string | undefined): { slot: string } | { refused: string } {
  const wanted = slot ?? DEFAULT_SLOT;
  if (settings.progressType === 'LINEAR' && wanted !== DEFAULT_SLOT) return { refused: 'linear progress keeps one save, slot default' };
  return { slot: wanted };
}

/** What the player holds now, and what a write changes. */
export interface Holding {
  /** Slots the player has. */
  slots: number;
  /** Bytes the player's saves hold together. */
  bytes: number;
  /** The size of the slot being replaced (undefined: a new slot). */
  replacing?: number;
  /** The size the slot will have. */
  size: number;
}

/** The quota a write would break, as the message refusing it (413 for bytes, 409 for slots), or nothing. */
export function quotaProblem(settings: SaveSettings, h: Holding): { status: 409 | 413; message: string } | undefined {
  if (h.replacing === undefined && h.slots >= settings.maxSlots) return { status: 409, message: 'the player has no free save slot' };
  if (h.bytes - (h.replacing ?? 0) + h.size > settings.maxBytesPerPlayer) return { status: 413, message: "the player's saves would exceed their byte quota" };
  return undefined;
}

/** How many chunks a file of `size` bytes is sent in. */
export const chunkCount = (size: number) => Math.max(1, Math.ceil(size / CHUNK_BYTES));

/** The bytes chunk `index` (from 0) of a file of `size` bytes holds: 10 MiB, the last one what is left. */
export function chunkLength(size: number, index: number): number {
  const n = chunkCount(size);
  if (!Number.isInteger(index) || index < 0 || index >= n) return -1;
  return index < n - 1 ? CHUNK_BYTES : size - CHUNK_BYTES * (n - 1);
}

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** The image format the bytes start with (their signature), whatever the file is called or says it is. */
export function imageFormatOf(b: Uint8Array): ImageFormat | undefined {
  const starts = (sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/** A JSON slot's size: its document's bytes as UTF-8. */
export const jsonBytes = (data: unknown) => Buffer.byteLength(JSON.stringify(data), 'utf8');
