/**
 * A signed link to upload one file of an app straight into the blob store (local files or S3), the grant kept in
 * `blobs` (status `granted`, `stored` once the bytes arrive); a grant of the same key replaces the earlier one. The
 * services that take a direct upload (a baking session's result files, a game-server build) and the console's upload
 * grant (`POST /api/cos-token`) grant it here.
 */
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import { publicOrigin } from '../auth/callers';
import { recordOperation } from '../audit';
import { badRequest } from '../engine/errors';
import { Signer } from './signing';
import { blobStoreFor, UPLOAD_GRANT_SECONDS } from './store';

export interface GrantRequest {
  appId: string;
  key: string;
  actor: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** `sizeField` names the size in a refusal as the caller's body spells it. */
export async function grantUpload(ctx: Ctx, req: FastifyRequest, g: GrantRequest, sizeField = '/size') {
  if (g.size > ctx.config.uploadLimitBytes) throw badRequest([{ field: sizeField, message: `must be <= ${ctx.config.uploadLimitBytes}` }]);
  const contentType = g.contentType.toLowerCase();
  const expires = new Date(Date.now() + UPLOAD_GRANT_SECONDS * 1000);
  const store = blobStoreFor(ctx.config, new Signer(ctx.db, () => ctx.config.secretKey));
  const upload = await store.uploadUrl({ key: g.key, contentType, size: g.size }, expires, publicOrigin(ctx, req));
  // The link is signed before the transaction: the signer reads its key through its own connection.
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO blobs (key, app_id, file_name, content_type, size, granted_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (key) DO UPDATE SET file_name = EXCLUDED.file_name, content_type = EXCLUDED.content_type, size = EXCLUDED.size,
         granted_by = EXCLUDED.granted_by, status = 'granted', stored_at = NULL`,
      [g.key, g.appId, g.fileName, contentType, g.size, g.actor],
    );
    await recordOperation(tx, { actor: g.actor, appId: g.appId, action: 'blob.grant', target: g.key, after: { FileName: g.fileName, ContentType: contentType, Size: g.size, Store: store.kind } });
  });
  return { url: upload.url, headers: upload.headers, key: g.key, expiresAt: expires.toISOString() };
}
