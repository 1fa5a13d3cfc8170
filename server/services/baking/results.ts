import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import { publicOrigin } from '../../auth/callers';
import { safeFileName } from '../../blob/keys';
import { Signer } from '../../blob/signing';
import { blobStoreFor, DOWNLOAD_LINK_SECONDS } from '../../blob/store';
import { grantUpload } from '../../blob/grant';

/** Where a session's result files are kept in the blob store: one key prefix per session. */
export const resultLocation = (appId: string, sessionId: string) => `apps/${appId}/baking/${sessionId}/`;

const storeOf = (ctx: Ctx) => blobStoreFor(ctx.config, new Signer(ctx.db, () => ctx.config.secretKey));

/**
 * A signed link to upload one result file of a session into the platform's blob store (local files or S3), granted
 * to the agent holding it; a file of the same name replaces the earlier one.
 */
export async function grantResultUpload(ctx: Ctx, req: FastifyRequest, g: { appId: string; sessionId: string; actor: string; fileName: string; contentType: string; size: number }) {
  return grantUpload(ctx, req, { ...g, key: `${resultLocation(g.appId, g.sessionId)}${safeFileName(g.fileName)}` });
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
