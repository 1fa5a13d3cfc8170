import { createMD5 } from 'hash-wasm';

/** Files are hashed in slices of this many bytes (spec 000 §9: "File MD5 is computed in 10 MiB chunks"). */
export const MD5_CHUNK_SIZE = 10 * 1024 * 1024;

/**
 * The MD5 of a file or blob as lowercase hex, read one 10 MiB slice at a time so a large upload is never held in
 * memory at once. `onProgress` is called after each slice with the bytes hashed so far and the total.
 */
export async function md5OfBlob(blob: Blob, onProgress?: (loaded: number, total: number) => void): Promise<string> {
  const md5 = await createMD5();
  md5.init();
  for (let offset = 0; offset < blob.size; offset += MD5_CHUNK_SIZE) {
    const end = Math.min(offset + MD5_CHUNK_SIZE, blob.size);
    md5.update(new Uint8Array(await blob.slice(offset, end).arrayBuffer()));
    onProgress?.(end, blob.size);
  }
  return md5.digest('hex');
}
