/**
 * The downloads signed links point at: a save's content (a file's bytes, a JSON slot's document) or a profile
 * picture and its thumbnail, read without a credential while the link is valid. What leaves is counted as traffic.
 */
import type { Ctx } from '../../context';
import { errorResponses, type Api } from '../../engine/api';
import { notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import { recordUsage } from '../../usage';
import { fileKey, openBlob } from './blobs';
import { checkLink, DOWNLOAD_PATH, type Blob } from './grants';
import { saveModels, SERVICE } from './models';

const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;

export function mountDownloads(api: Api, ctx: Ctx): void {
  const m = saveModels(ctx);
  api.route({
    method: 'GET',
    url: DOWNLOAD_PATH,
    summary: "Download a save's content or a profile picture (or its thumbnail) through a link a download-url or links call handed out (no credential; the link's signature and expiry are checked)",
    tag: SERVICE,
    auth: 'none',
    params: { type: 'object', additionalProperties: false, required: ['appId', 'kind', 'id'], properties: { appId: id, kind: { type: 'string', enum: ['saves', 'pfps'] }, id } },
    querystring: {
      type: 'object',
      additionalProperties: false,
      required: ['blob', 'expires', 'sig'],
      properties: { blob: { type: 'string', enum: ['content', 'thumbnail'] }, expires: { type: 'integer', minimum: 0, maximum: 1e12 }, sig: { type: 'string', minLength: 1, maxLength: 200 } },
    },
    responses: { 200: { description: 'the bytes', schema: { type: 'string', format: 'binary' } }, ...errorResponses(403, 404) },
    handler: async (req, reply) => {
      const { appId, kind, id: recordId } = req.params as { appId: string; kind: 'saves' | 'pfps'; id: string };
      const { blob, expires, sig } = req.query as { blob: Blob; expires: number; sig: string };
      await checkLink(ctx, appId, kind, recordId, blob, expires, sig);
      const r = await records(ctx.db, kind === 'saves' ? m.saves : m.pfps).maybe(appId, recordId);
      if (!r) throw notFound('no such save');
      if (kind === 'saves' && r.kind === 'json') {
        const text = JSON.stringify(r.data ?? {});
        await recordUsage(ctx.db, appId, SERVICE, 'net', Buffer.byteLength(text));
        return reply.type('application/json').send(text);
      }
      const hash = String(blob === 'thumbnail' ? r.thumbnailSha256 : r.sha256);
      const size = Number(blob === 'thumbnail' ? r.thumbnailSize : r.size);
      const type = kind === 'pfps' ? (blob === 'thumbnail' ? 'image/webp' : `image/${r.format}`) : String(r.contentType ?? 'application/octet-stream');
      await recordUsage(ctx.db, appId, SERVICE, 'net', size);
      const name = kind === 'saves' ? String(r.fileName) : `${r.playerId}.${blob === 'thumbnail' ? 'webp' : r.format}`;
      reply.header('content-disposition', `attachment; filename="${encodeURIComponent(name)}"`).header('content-length', String(size)).type(type);
      return reply.send(await openBlob(ctx, fileKey(hash)));
    },
  });
}
