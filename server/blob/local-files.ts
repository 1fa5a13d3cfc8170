import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { localPath } from './keys';

export type WriteOutcome = 'stored' | 'too-large' | 'size-mismatch';

class TooLarge extends Error {}

/**
 * Streams a body to the key's file: into a temporary file first, renamed into place only when exactly `size`
 * bytes arrived, so a reader never sees half a file and a refused upload leaves nothing behind.
 */
export async function writeBlob(root: string, key: string, body: Readable, size: number): Promise<WriteOutcome> {
  const path = localPath(root, key);
  if (!path) throw new Error('not a blob key');
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.part`;
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      if (received > size) done(new TooLarge());
      else done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(temp, { flags: 'wx' }));
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    if (err instanceof TooLarge) return 'too-large';
    throw err;
  }
  if (received !== size) {
    await unlink(temp).catch(() => undefined);
    return 'size-mismatch';
  }
  await rename(temp, path);
  return 'stored';
}

/** The stored file of a key, or undefined. */
export async function openBlob(root: string, key: string): Promise<{ size: number; stream: ReadStream } | undefined> {
  const path = localPath(root, key);
  if (!path) return undefined;
  try {
    const info = await stat(path);
    if (!info.isFile()) return undefined;
    return { size: info.size, stream: createReadStream(path) };
  } catch {
    return undefined;
  }
}
