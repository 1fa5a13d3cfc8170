/**
 * The content address of a mod's files (`resources/cdn/delivery.ts` `CONTENT_MOD_PATH`): the current version of an
 * approved mod for everyone; any version to the mod's author and to the app's console; not found for anyone else.
 */
import type { FastifyRequest } from 'fastify';
import { assetStreaming } from '../../../../resources/asset-streaming';
import { BADGE_MAX_AGE, CONTENT_MOD_PATH } from '../../../../resources/cdn/delivery';
import type { Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import { badRequest, notFound } from '../../../engine/errors';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { contentOf } from '../contents';
import { deliveriesOf } from '../deliveries';
import { pathProblem } from '../paths';
import { DEFAULT_TYPE } from '../release-rows';
import { contentResponses, sendContent } from '../send-content';
import { bearerToken } from '../../passport/players/principal';
import { cdnPlayer } from './principal';
import type { ModEntry } from './entries';
import { modsModel, versionsModel } from './player';

const SERVICE = assetStreaming.name;

/** Whether the request is the mod's author (their player token) or the app's console (its service credential). */
async function authorOrConsole(ctx: Ctx, req: FastifyRequest, appId: string, mod: Data): Promise<boolean> {
  if (bearerToken(req)) {
    const player = await cdnPlayer(ctx, req, { persona: false });
    return player.scopeId === appId && player.userId === mod.authorId;
  }
  if (!req.headers.authorization && !req.headers.cookie) return false;
  return (await authorizeService(ctx, req, SERVICE)).scopeId === appId;
}

export function mountModContent(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: `${assetStreaming.base}${CONTENT_MOD_PATH}`,
    summary: "A file of a mod's version: an approved mod's current version for everyone, any version for its author and the app's console",
    tag: SERVICE,
    auth: 'none',
    params: {
      type: 'object',
      required: ['modId', 'v', '*'],
      properties: { modId: { type: 'string', minLength: 1, maxLength: 64 }, v: { type: 'integer', minimum: 1, maximum: 1_000_000 }, '*': { type: 'string', minLength: 1, maxLength: 1024 } },
    },
    responses: contentResponses('the content (ETag: its SHA-256)', {
      401: 'a player token or credential that is invalid or expired',
      404: 'no such mod, version or file, or a version not published that the caller may not read',
    }),
    handler: async (req, reply) => {
      const p = req.params as { modId: string; v: number; '*': string };
      const path = p['*'];
      const problem = pathProblem(path);
      if (problem) throw badRequest([{ field: 'params.*', message: problem }]);
      const [found] = await records(ctx.db, modsModel(ctx)).findEverywhere({ where: { id: p.modId }, limit: 1 });
      if (!found) throw notFound('no such mod');
      const { scopeId: appId, record: mod } = found;
      const published = mod.status === 'success' && Number(mod.currentVersion) === p.v;
      if (!published && !(await authorOrConsole(ctx, req, appId, mod))) throw notFound('no such mod');
      const version = await records(ctx.db, versionsModel(ctx)).first(appId, { where: { modId: p.modId, v: p.v } });
      const entry = (version?.entries as ModEntry[] | undefined)?.find((e) => e.path === path);
      const content = entry && (await contentOf(ctx.db, entry.contentHash));
      if (!entry || !content) throw notFound('no such file in this version');
      const row = { contentHash: content.hash, contentSize: content.size, contentType: entry.contentType ?? DEFAULT_TYPE, blobKey: content.blobKey };
      return sendContent(ctx, req, reply, row, {
        cacheControl: published ? `public, max-age=${BADGE_MAX_AGE}` : 'private, no-store',
        servedFrom: { scope: `mods/${p.modId}`, path },
        count: (bytes) => deliveriesOf(ctx).count(appId, '', `mods/${p.modId}/${path}`, bytes),
      });
    },
  });
}
