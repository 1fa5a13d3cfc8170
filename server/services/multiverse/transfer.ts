/**
 * The images' transfer token (spec 001 §7 "images: transfer token"): an upload credential for a build archive, the
 * platform's signed direct upload into its blob store (`server/blob/grant.ts`, the same grant as any direct upload);
 * `POST /images?key=` with an empty body then makes the image from the stored archive. A key is only its app's: the
 * grant's row names the app, and the key sits under the app's prefix.
 */
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../../context';
import { grantUpload } from '../../blob/grant';
import { safeFileName } from '../../blob/keys';
import { readStoredBlob, storedUpload } from '../../blob/stored';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { badRequest, notFound } from '../../engine/errors';

const prefixOf = (appId: string) => `apps/${appId}/multiverse/images/`;

export function transferCalls(ctx: Ctx): CallHandlers {
  return {
    'images.transferToken': async ({ req, scopeId, actor, input }) => {
      const { fileName, size } = input as { fileName: string; size: number };
      const key = `${prefixOf(scopeId)}${randomBytes(12).toString('hex')}/${safeFileName(fileName)}`;
      const grant = await grantUpload(ctx, req, { appId: scopeId, key, actor, fileName, contentType: 'application/octet-stream', size });
      return { ...grant, method: 'PUT' };
    },
  };
}

/** The archive of an image upload: the body, or (an empty body with `key`) the file uploaded with a transfer token. */
export async function archiveOfUpload(ctx: Ctx, call: CallInput): Promise<{ bytes: Buffer; fileName?: string }> {
  const key = (call.input as { key?: string }).key;
  const body = call.file ?? Buffer.alloc(0);
  if (!key) return { bytes: body };
  if (body.length) throw badRequest([{ field: '/query/key', message: 'give the archive in the body or by its key, not both' }]);
  const stored = key.startsWith(prefixOf(call.scopeId)) ? await storedUpload(ctx, call.scopeId, key) : undefined;
  if (!stored) throw notFound('no archive uploaded under this key');
  const bytes = await readStoredBlob(ctx, key, ctx.config.uploadLimitBytes);
  if (!bytes) throw notFound('no archive uploaded under this key');
  return { bytes, fileName: stored.fileName };
}
