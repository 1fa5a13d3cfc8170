import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES } from '../../resources/save/calls';
import { fileKey, sha256 } from '../../server/services/save/blobs';
import { sweepSaves } from '../../server/services/save/sweep';
import { startHarness, type Harness } from './harness';
import type { SignedIn } from './passport-players-fixtures';
import { fetchUrl, md5, S, sdk, sendBytes, twoPlayers } from './save-fixtures';

let h: Harness;
let alice: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  [alice] = await twoPlayers(h);
});
afterAll(() => h.close());

interface Grant {
  uploadId: string;
  token: string;
  chunks: number;
  chunkSize: number;
  chunkUrl: string;
  completeUrl: string;
}

const chunkOf = (file: Buffer, i: number) => file.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES);
const putChunk = (g: Grant, i: number, bytes: Buffer, sum = md5(bytes)) => sendBytes(h, 'PUT', `${g.chunkUrl.replace('{index}', String(i))}?token=${g.token}&md5=${sum}`, bytes);
const complete = (g: Grant) => h.req({ method: 'POST', url: `${new URL(g.completeUrl).pathname}?token=${g.token}` });
const savesOf = async (playerId: string) => (await h.svc('GET', `${S}/saves?playerId=${playerId}`)).json().items as Record<string, unknown>[];
const upload = async (id: string) => (await h.svc('GET', `${S}/uploads/${id}`)).json();

describe('cloud saves: files through upload tokens', () => {
  it('takes a file in 10 MiB chunks, each checked by its MD5, checks the whole MD5 and writes the save; the player downloads it', async () => {
    const file = randomBytes(CHUNK_BYTES + 1000);
    const res = await sdk(h, alice, 'POST', '/saves/upload-token', { slot: 'big', fileName: 'world.sav', size: file.length, md5: md5(file) });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json() as Grant;
    expect(g).toMatchObject({ chunks: 2, chunkSize: 10 * 1024 * 1024 });
    // Finishing before every chunk is in is refused, naming what is missing.
    const early = await complete(g);
    expect(early.statusCode).toBe(409);
    expect(early.json().details[0].message).toBe('missing chunks 0, 1');
    for (const i of [1, 0]) {
      const sent = await putChunk(g, i, chunkOf(file, i));
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const done = await complete(g);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ playerId: alice.userId, slot: 'big', kind: 'file', fileName: 'world.sav', size: file.length, md5: md5(file), version: 1 });
    expect(await upload(g.uploadId)).toMatchObject({ status: 'done', resultId: done.json().id });
    const link = (await sdk(h, alice, 'GET', `/saves/${done.json().id}/download-url`)).json();
    const got = await fetchUrl(h, link.url);
    expect(got.statusCode).toBe(200);
    expect(md5(got.rawPayload)).toBe(md5(file));
    // A finished upload takes no more chunks.
    expect((await putChunk(g, 0, chunkOf(file, 0))).statusCode).toBe(409);
  });

  it('refuses a chunk that does not match its MD5 and keeps nothing of it', async () => {
    const file = randomBytes(5000);
    const g = (await h.svc('POST', `${S}/saves/upload-token`, { playerId: 'p-chunk', slot: 's', fileName: 'a.bin', size: file.length, md5: md5(file) })).json() as Grant;
    const bad = await putChunk(g, 0, file, md5(Buffer.from('something else')));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'chunk MD5 mismatch', details: [{ field: '/md5', message: 'the chunk does not match its MD5' }] });
    expect((await upload(g.uploadId)).received).toEqual([]);
    // A chunk of the wrong length is refused too.
    expect((await putChunk(g, 0, file.subarray(0, 10))).statusCode).toBe(400);
    expect((await complete(g)).statusCode).toBe(409);
    expect(await savesOf('p-chunk')).toEqual([]);
  });

  it('refuses a file whose chunks match but whose whole MD5 is not the token\'s, and writes no save', async () => {
    const file = randomBytes(3000);
    const g = (await h.svc('POST', `${S}/saves/upload-token`, { playerId: 'p-whole', fileName: 'b.bin', size: file.length, md5: md5(Buffer.from('not the file')) })).json() as Grant;
    expect((await putChunk(g, 0, file)).statusCode).toBe(200);
    const done = await complete(g);
    expect(done.statusCode).toBe(400);
    expect(done.json()).toMatchObject({ message: 'file MD5 mismatch' });
    expect(await upload(g.uploadId)).toMatchObject({ status: 'failed', error: 'file MD5 mismatch' });
    expect(await savesOf('p-whole')).toEqual([]);
  });

  it('refuses a forged token, a stale version at the token, and an upload over the byte quota', async () => {
    const file = randomBytes(100);
    const g = (await h.svc('POST', `${S}/saves/upload-token`, { playerId: 'p-token', fileName: 'c.bin', size: 100, md5: md5(file) })).json() as Grant;
    const forged = await sendBytes(h, 'PUT', `${g.chunkUrl.replace('{index}', '0')}?token=${g.token.slice(0, -4)}AAAA&md5=${md5(file)}`, file);
    expect(forged.statusCode).toBe(403);
    await h.svc('POST', `${S}/saves`, { playerId: 'p-token', slot: 'v', data: {} });
    const stale = await h.svc('POST', `${S}/saves/upload-token`, { playerId: 'p-token', slot: 'v', fileName: 'c.bin', size: 100, md5: md5(file), version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details[0].message).toBe('current version is 1');
    const huge = await h.svc('POST', `${S}/saves/upload-token`, { playerId: 'p-token', slot: 'h', fileName: 'h.bin', size: 200 * 1024 * 1024, md5: md5(file) });
    expect(huge.statusCode).toBe(413);
  });
});

describe('cloud saves: the blob sweep', () => {
  /** A file uploaded whole in one chunk to a slot: the save. */
  const uploadFile = async (playerId: string, slot: string, file: Buffer) => {
    const g = (await h.svc('POST', `${S}/saves/upload-token`, { playerId, slot, fileName: `${slot}.bin`, size: file.length, md5: md5(file) })).json() as Grant;
    expect((await putChunk(g, 0, file)).statusCode).toBe(200);
    return (await complete(g)).json();
  };

  it("ends an expired upload and removes its chunks, and removes a file once no save holds it", async () => {
    const file = randomBytes(4000);
    const kept = join(h.ctx.config.blobDir, fileKey(sha256(file)));
    const one = await uploadFile('p-sweep', 'one', file);
    const two = await uploadFile('p-sweep', 'two', file);
    // Identical content is kept once.
    expect(existsSync(kept)).toBe(true);
    const open = (await h.svc('POST', `${S}/saves/upload-token`, { playerId: 'p-sweep', slot: 'three', fileName: 'c.bin', size: 10, md5: md5(Buffer.alloc(10)) })).json() as Grant;
    expect((await putChunk(open, 0, Buffer.alloc(10))).statusCode).toBe(200);
    const later = new Date(Date.now() + 2 * 86_400_000);

    expect((await h.svc('DELETE', `${S}/saves/${one.id}`)).statusCode).toBe(204);
    await sweepSaves(h.ctx, later);
    expect(existsSync(kept)).toBe(true);
    expect(await upload(open.uploadId)).toMatchObject({ status: 'failed', error: 'expired', received: [] });

    expect((await h.svc('DELETE', `${S}/saves/${two.id}`)).statusCode).toBe(204);
    await sweepSaves(h.ctx, later);
    expect(existsSync(kept)).toBe(false);
  });
});

describe('cloud saves: profile pictures', () => {
  const png = (w: number, h2: number, noise = false) =>
    noise
      ? sharp(randomBytes(w * h2 * 3), { raw: { width: w, height: h2, channels: 3 } }).png().toBuffer()
      : sharp({ create: { width: w, height: h2, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const sendPicture = (bytes: Buffer, type = 'image/png', playerId = 'p-pic') =>
    h.req({ method: 'POST', url: `${S}/pfps?playerId=${playerId}`, payload: bytes, headers: { authorization: h.basic, 'content-type': type } });

  it('reads the image by its content, makes a thumbnail and replaces the last picture', async () => {
    const first = await sendPicture(await png(300, 200));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ playerId: 'p-pic', format: 'png', width: 300, height: 200 });
    // A JPEG sent as application/octet-stream is still a JPEG.
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa0000' } }).jpeg().toBuffer();
    const second = await sendPicture(jpeg, 'application/octet-stream');
    expect(second.json()).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
    const list = (await h.svc('GET', `${S}/pfps?playerId=p-pic`)).json();
    expect(list.items.map((p: { id: string }) => p.id)).toEqual([second.json().id]);
    const links = (await h.svc('GET', `${S}/pfps/${second.json().id}/links`)).json();
    const thumb = await fetchUrl(h, links.thumbnailUrl);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 128, 128]);
    expect(md5((await fetchUrl(h, links.url)).rawPayload)).toBe(md5(jpeg));
  });

  it('refuses a file that is not an image whatever its type says, a truncated image and one over the app\'s limit', async () => {
    const text = await sendPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', 'p-bad');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('the file is not a PNG, JPEG, WebP or GIF image');
    const whole = await png(50, 50, true);
    const cut = await sendPicture(whole.subarray(0, Math.floor(whole.length / 2)), 'image/png', 'p-bad');
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe('the image cannot be read');
    await h.svc('POST', `${S}/app-config`, { maxPictureBytes: 1024 });
    const big = await sendPicture(await png(200, 200, true), 'image/png', 'p-bad');
    expect(big.statusCode).toBe(413);
    await h.svc('POST', `${S}/app-config`, {});
    expect((await h.svc('GET', `${S}/pfps?playerId=p-bad`)).json().items).toEqual([]);
  });

  it('lets a player set their picture through an upload token, and any player of the app read it', async () => {
    const [, bob] = await twoPlayers(h);
    const bytes = await png(40, 40);
    const g = (await sdk(h, alice, 'POST', '/pfps/upload-token', { size: bytes.length, md5: md5(bytes) })).json() as Grant;
    expect((await putChunk(g, 0, bytes)).statusCode).toBe(200);
    const done = await complete(g);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ playerId: alice.userId, format: 'png', width: 40 });
    const links = await sdk(h, bob, 'GET', `/players/${alice.userId}/pfp`);
    expect(links.statusCode, links.body).toBe(200);
    expect(md5((await fetchUrl(h, links.json().url)).rawPayload)).toBe(md5(bytes));
    expect((await sdk(h, alice, 'GET', `/players/${bob.userId}/pfp`)).statusCode).toBe(404);
  });
});
