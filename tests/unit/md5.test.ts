import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { MD5_CHUNK_SIZE, md5OfBlob } from '../../src/lib/md5';

const MiB = 1024 * 1024;

/** Repeatable bytes that are not a short repeating pattern (xorshift32). */
function bytes(length: number, seed = 0x9e3779b9): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

const nodeMd5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

describe('md5OfBlob', () => {
  // RFC 1321, appendix A.5.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    ['1234567890'.repeat(8), '57edf4a22be3c955ac49da2e2107b67a'],
  ])('gives the RFC 1321 digest of %j', async (text, digest) => {
    expect(await md5OfBlob(new Blob([text]))).toBe(digest);
  });

  it('reads 10 MiB slices', () => {
    expect(MD5_CHUNK_SIZE).toBe(10 * MiB);
  });

  it('hashes a blob larger than one slice like node:crypto, slice by slice, reporting progress', async () => {
    const data = bytes(2 * MD5_CHUNK_SIZE + 12345);
    const blob = new Blob([data]);
    const slice = vi.spyOn(blob, 'slice');
    const progress: [number, number][] = [];
    const digest = await md5OfBlob(blob, (loaded, total) => progress.push([loaded, total]));
    expect(digest).toBe(nodeMd5(data));
    const total = data.length;
    expect(slice.mock.calls).toEqual([
      [0, 10 * MiB],
      [10 * MiB, 20 * MiB],
      [20 * MiB, total],
    ]);
    expect(progress).toEqual([
      [10 * MiB, total],
      [20 * MiB, total],
      [total, total],
    ]);
  });

  it('handles a blob of exactly one slice and an empty one', async () => {
    const data = bytes(MD5_CHUNK_SIZE, 7);
    const progress: number[] = [];
    expect(await md5OfBlob(new Blob([data]), (loaded) => progress.push(loaded))).toBe(nodeMd5(data));
    expect(progress).toEqual([MD5_CHUNK_SIZE]);
    const none: number[] = [];
    expect(await md5OfBlob(new Blob([]), (loaded) => none.push(loaded))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(none).toEqual([]);
  });

  it('gives different digests for different content of the same size', async () => {
    const a = bytes(MD5_CHUNK_SIZE + 1, 1);
    const b = a.slice();
    b[MD5_CHUNK_SIZE] ^= 1;
    expect(await md5OfBlob(new Blob([a]))).not.toBe(await md5OfBlob(new Blob([b])));
    expect(await md5OfBlob(new Blob([b]))).toBe(nodeMd5(b));
  });
});
