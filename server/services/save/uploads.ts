/**
 * Files through upload tokens: the token names the file's size and MD5 (and, for a save, the slot and the version
 * read); the file then comes in 10 MiB chunks, each checked against the MD5 sent with it before it is kept, and
 * the whole file's MD5 is checked when the upload is finished — only then is the save written or the picture set.
 */
import type { FastifyRequest } from 'fastify';
import { CHUNK_BYTES } from '../../../resources/save/calls';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import { publicOrigin } from '../../auth/callers';
import { rawBodyRoute } from '../../blob/routes';
import { errorResponses, type Api } from '../../engine/api';
import { ApiError, badRequest, conflict } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { uploadOf } from '../../engine/upload-body';
import { recordUsage } from '../../usage';
import { joinChunks, md5, openBlob, putChunk, removeBlob } from './blobs';
import { appOfUploadToken, UPLOAD_BASE, uploadExpiry, uploadToken } from './grants';
import { saveModels, settingsFor, SERVICE } from './models';
import { setPicture } from './pictures';
import { chunkCount, chunkLength } from './rules';
import { checkWrite, writeSave, type SaveTarget } from './writes';

export interface UploadRequest extends SaveTarget {
  fileName?: string;
  size: number;
  md5: string;
  contentType?: string;
}

/** Opens an upload (checked now as its write will be checked at the end) and answers where its chunks go. */
export async function openUpload(ctx: Ctx, req: FastifyRequest, appId: string, target: 'save' | 'pfp', u: UploadRequest) {
  const m = saveModels(ctx);
  const made = await ctx.db.transaction(async (tx) => {
    let slot: string | undefined;
    if (target === 'save') slot = (await checkWrite(ctx, tx, appId, u, u.size)).slot;
    else if (u.size > (await settingsFor(ctx, tx, appId)).maxPictureBytes) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'the picture is larger than the app allows');
    const expires = uploadExpiry();
    return records(tx, m.uploads).insert(appId, {
      playerId: u.playerId,
      target,
      ...(slot ? { slot, baseVersion: u.version ?? 0 } : {}),
      ...(u.description ? { description: u.description } : {}),
      fileName: u.fileName ?? 'picture',
      contentType: u.contentType ?? 'application/octet-stream',
      size: u.size,
      md5: u.md5.toLowerCase(),
      chunks: chunkCount(u.size),
      received: [],
      expiresAt: new Date(expires * 1000).toISOString(),
    }, { status: 'open' });
  });
  const id = String(made.id);
  const token = await uploadToken(ctx, appId, id, Math.floor(Date.parse(String(made.expiresAt)) / 1000));
  const at = `${publicOrigin(ctx, req)}${UPLOAD_BASE.replace(':id', id)}`;
  return { uploadId: id, token, chunkSize: CHUNK_BYTES, chunks: made.chunks, chunkUrl: `${at}/chunks/{index}`, completeUrl: `${at}/complete`, expiresAt: made.expiresAt };
}

interface Received {
  index: number;
  md5: string;
  key: string;
}

/** The upload a token is for, open and not expired (409 otherwise). */
async function openOne(ctx: Ctx, appId: string, id: string, tx: Queryable = ctx.db): Promise<Data> {
  const u = await records(tx, saveModels(ctx).uploads).get(appId, id, { lock: 'update', message: 'no such upload' });
  if (u.status !== 'open') throw conflict('INVALID_TRANSITION', 'the upload is finished');
  if (Date.parse(String(u.expiresAt)) < Date.now()) throw conflict('INVALID_TRANSITION', 'the upload has expired');
  return u;
}

async function receiveChunk(ctx: Ctx, appId: string, id: string, index: number, sentMd5: string, bytes: Buffer) {
  const m = saveModels(ctx);
  const before = await openOne(ctx, appId, id);
  const expected = chunkLength(Number(before.size), index);
  if (expected < 0) throw badRequest([{ field: '/index', message: `the upload has chunks 0 to ${Number(before.chunks) - 1}` }]);
  if (bytes.length !== expected) throw badRequest([{ field: '/body', message: `chunk ${index} must hold ${expected} bytes` }]);
  if (md5(bytes) !== sentMd5.toLowerCase()) throw badRequest([{ field: '/md5', message: 'the chunk does not match its MD5' }], 'chunk MD5 mismatch');
  const { key } = await putChunk(ctx, id, bytes);
  return ctx.db.transaction(async (tx) => {
    const u = await openOne(ctx, appId, id, tx);
    const received = ((u.received ?? []) as Received[]).filter((r) => r.index !== index);
    received.push({ index, md5: sentMd5.toLowerCase(), key });
    received.sort((a, b) => a.index - b.index);
    await records(tx, m.uploads).updateOne(appId, id, { set: { received } });
    return { index, received: received.length, chunks: u.chunks };
  });
}

async function dropChunks(ctx: Ctx, received: Received[]) {
  for (const r of received) await removeBlob(ctx, r.key);
}

async function finish(ctx: Ctx, appId: string, id: string) {
  const m = saveModels(ctx);
  const u = await openOne(ctx, appId, id);
  const received = (u.received ?? []) as Received[];
  const missing = Array.from({ length: Number(u.chunks) }, (_, i) => i).filter((i) => !received.some((r) => r.index === i));
  if (missing.length) throw conflict('INVALID_TRANSITION', 'chunks are missing', [{ field: '/chunks', message: `missing chunks ${missing.slice(0, 20).join(', ')}` }]);
  const fail = async (error: string) => {
    await records(ctx.db, m.uploads).updateOne(appId, id, { status: 'failed', set: { error } });
    await dropChunks(ctx, received);
  };
  const joined = await joinChunks(ctx, received.map((r) => r.key), Number(u.size), String(u.md5));
  if (!joined.ok) {
    await fail('file MD5 mismatch');
    throw badRequest([{ field: '/md5', message: "the file does not match the upload token's MD5" }], 'file MD5 mismatch');
  }
  const actor = `player:${u.playerId}`;
  let result: Data;
  try {
    if (u.target === 'pfp') {
      const bytes: Buffer[] = [];
      for await (const piece of await openBlob(ctx, joined.key)) bytes.push(piece as Buffer);
      result = await setPicture(ctx, appId, actor, String(u.playerId), Buffer.concat(bytes));
    } else {
      const t: SaveTarget = { playerId: String(u.playerId), slot: u.slot as string, version: Number(u.baseVersion ?? 0), description: u.description as string | undefined };
      result = await writeSave(ctx, appId, actor, t, { kind: 'file', fileName: String(u.fileName), contentType: String(u.contentType), size: Number(u.size), md5: String(u.md5), sha256: joined.sha256 });
    }
  } catch (err) {
    await fail(err instanceof ApiError ? err.message : 'failed');
    throw err;
  }
  await dropChunks(ctx, received);
  await records(ctx.db, m.uploads).updateOne(appId, id, { status: 'done', set: { resultId: String(result.id), received: [] } });
  await recordUsage(ctx.db, appId, SERVICE, 'upload', 1);
  return result;
}

const idParams = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } } } as const;
const tokenProp = { token: { type: 'string', minLength: 10, maxLength: 300 } } as const;

/** The chunk and completion calls an upload token's answer points at (the token, not a credential, lets them in). */
export function mountUploadRoutes(api: Api, ctx: Ctx): void {
  rawBodyRoute(api, {
    method: 'PUT',
    url: `${UPLOAD_BASE}/chunks/:index`,
    summary: "Send one chunk of an upload (body: its raw bytes, 10 MiB but the last; query: its MD5 and the upload's token); a chunk that does not match its MD5 or its length is refused and not kept; a chunk sent again replaces the first",
    tag: SERVICE,
    auth: 'none',
    params: { ...idParams, required: ['id', 'index'], properties: { ...idParams.properties, index: { type: 'integer', minimum: 0, maximum: 100_000 } } },
    querystring: { type: 'object', additionalProperties: false, required: ['token', 'md5'], properties: { ...tokenProp, md5: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' } } },
    responses: {
      200: { description: 'the chunk kept', schema: { type: 'object', properties: { index: { type: 'integer' }, received: { type: 'integer' }, chunks: { type: 'integer' } } } },
      ...errorResponses(400, 403, 404, 409, 413, 415),
    },
    handler: async (req) => {
      const { id, index } = req.params as { id: string; index: number };
      const q = req.query as { token: string; md5: string };
      const appId = await appOfUploadToken(ctx, id, q.token);
      const bytes = await uploadOf(req, ['application/octet-stream'], CHUNK_BYTES);
      return receiveChunk(ctx, appId, id, index, q.md5, bytes);
    },
  });
  api.route({
    method: 'POST',
    url: `${UPLOAD_BASE}/complete`,
    summary: "Finish an upload once every chunk is in: the whole file's MD5 is checked against the token's, then the save is written (its version checked again) or the profile picture set",
    tag: SERVICE,
    auth: 'none',
    params: idParams,
    querystring: { type: 'object', additionalProperties: false, required: ['token'], properties: tokenProp },
    responses: {
      200: { description: 'the save written, or the profile picture set', schema: { type: 'object' } },
      ...errorResponses(400, 403, 404, 409, 413, 415),
    },
    handler: async (req) => {
      const { id } = req.params as { id: string };
      const appId = await appOfUploadToken(ctx, id, (req.query as { token: string }).token);
      return finish(ctx, appId, id);
    },
  });
}
