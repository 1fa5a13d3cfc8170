import type { JsonSchema } from '../../resources/types';
import type { UploadGrant, UploadGrantInput } from '../../resources/ops-api';
import type { Ctx } from '../context';
import { idParam, type Api } from '../engine/api';
import { forbidden } from '../engine/errors';
import { grantUpload } from '../blob/grant';
import { newKey } from '../blob/keys';
import type { Signer } from '../blob/signing';
import { blobStoreFor, DOWNLOAD_LINK_SECONDS } from '../blob/store';
import { adminActor, callerOf, isAppMember, publicOrigin, userActor } from './access';
import { failures, text } from './schemas';
import { ORG_MEMBERS } from '../engine/access';

const grantBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['AppId', 'FileName', 'ContentType', 'Size'],
  properties: {
    AppId: idParam,
    FileName: text(255),
    ContentType: { type: 'string', minLength: 3, maxLength: 100, pattern: "^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$" },
    Size: { type: 'integer', minimum: 1, maximum: 1e13 },
  },
};

const grantSchema: JsonSchema = {
  type: 'object',
  required: ['Url', 'Method', 'Headers', 'Key', 'ExpiresAt', 'DownloadUrl'],
  properties: {
    Url: { type: 'string' },
    Method: { const: 'PUT' },
    Headers: { type: 'object', additionalProperties: { type: 'string' } },
    Key: { type: 'string' },
    ExpiresAt: { type: 'string', format: 'date-time' },
    DownloadUrl: { type: 'string' },
  },
};

/** POST /api/cos-token: a short-lived signed upload link for one file of an app (spec 000 §7). */
export function mountUploads(api: Api, ctx: Ctx, signer: Signer): void {
  api.route({
    method: 'POST',
    url: '/api/cos-token',
    summary: "A short-lived signed link to upload one file into the app's storage (members of its organisation)",
    tag: 'uploads',
    auth: 'session',
    access: [...ORG_MEMBERS, 'admin'],
    body: grantBody,
    responses: { 200: { description: 'the upload grant', schema: grantSchema }, ...failures },
    handler: async (req): Promise<UploadGrant> => {
      const { user, admin } = await callerOf(ctx, req);
      const input = req.body as UploadGrantInput;
      const member = user && (await isAppMember(ctx.db, user.id, input.AppId));
      if (!member && !(admin && (await ctx.apps.get(input.AppId)))) throw forbidden();
      const actor = member ? userActor(user) : adminActor(admin!);
      const key = newKey(input.AppId, input.FileName);
      const grant = await grantUpload(ctx, req, { appId: input.AppId, key, actor, fileName: input.FileName, contentType: input.ContentType, size: input.Size }, '/Size');
      const downloadUrl = await blobStoreFor(ctx.config, signer).downloadUrl(key, new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000), publicOrigin(ctx, req));
      return { Url: grant.url, Method: 'PUT', Headers: grant.headers, Key: key, ExpiresAt: grant.expiresAt, DownloadUrl: downloadUrl };
    },
  });
}
