import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import { publicOrigin } from '../../auth/callers';
import { recordOperation } from '../../audit';
import { safeFileName } from '../../blob/keys';
import { Signer } from '../../blob/signing';
import { blobStoreFor, DOWNLOAD_LINK_SECONDS, UPLOAD_GRANT_SECONDS } from '../../blob/store';
import { badRequest } from '../../engine/errors';

/** Where a session's result files are kept in the blob store: one key prefix per session. */
export const resultLocation = (appId: string, sessionId: string) => `apps/${appId}/baking/${sessionId}/`;

const storeOf = (ctx: Ctx) => blobStoreFor(ctx.config, new Signer(ctx.db, () => ctx.config.secretKey));

/**
 * A signed link to upload one result file of a session into the platform's blob store (local files or S3), granted
 * to the agent holding it; a file of the same name replaces the earlier one.
 */
export async function grantResultUpload(ctx: Ctx, req: FastifyRequest, g: { appId: string; sessionId: string; actor: string; fileName: string; contentType: string; size: number }) {
  if (g.size > ctx.config.uploadLimitBytes) throw badRequest([{ field: '/size', message: `must be <= ${ctx.config.uploadLimitBytes}` }]);
  const key = `${resultLocation(g.appId, g.sessionId)}${safeFileName(g.fileName)}`;
  const contentType = g.contentType.toLowerCase();
  const expires = new Date(Date.now() + UPLOAD_GRANT_SECONDS * 1000);
  const upload = await storeOf(ctx).uploadUrl({ key, contentType, size: g.size }, expires, publicOrigin(ctx, req));
  // The link is signed before the transaction: the signer reads its key through its own connection.
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO blobs (key, app_id, file_name, content_type, size, granted_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (key) DO UPDATE SET file_name = EXCLUDED.file_name, content_type = EXCLUDED.content_type, size = EXCLUDED.size,
         granted_by = EXCLUDED.granted_by, status = 'granted', stored_at = NULL`,
      [key, g.appId, g.fileName, contentType, g.size, g.actor],
    );
    await recordOperation(tx, { actor: g.actor, appId: g.appId, action: 'blob.grant', target: key, after: { FileName: g.fileName, ContentType: contentType, Size: g.size } });
  });
  return { url: upload.url, headers: upload.headers, key, expiresAt: expires.toISOString() };
}

/** The session's stored result files, each with a signed download link. */
export async function resultFiles(ctx: Ctx, req: FastifyRequest, appId: string, sessionId: string) {
  const prefix = resultLocation(appId, sessionId);
  const rows = await ctx.db.query<{ key: string; file_name: string; size: string | number }>(
    `SELECT key, file_name, size FROM blobs WHERE app_id = $1 AND status = 'stored' AND starts_with(key, $2) ORDER BY file_name`,
    [appId, prefix],
  );
  const store = storeOf(ctx);
  const expires = new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000);
  const origin = publicOrigin(ctx, req);
  const items = await Promise.all(rows.rows.map(async (r) => ({ fileName: r.file_name, size: Number(r.size), url: await store.downloadUrl(r.key, expires, origin) })));
  return { total: items.length, items };
}
