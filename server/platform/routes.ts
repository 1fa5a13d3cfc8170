import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../resources/types';
import type { Ctx } from '../context';
import { errorSchema, idParam, paramsSchema, type Api } from '../engine/api';
import { forbidden, notFound, unauthorized } from '../engine/errors';
import { sessionAccount } from '../auth/principal';
import { findApp, listAppsOf } from './apps';

const appSchema: JsonSchema = {
  type: 'object',
  required: ['AppId', 'ProjectName', 'OrganizationId', 'Services'],
  properties: {
    AppId: { type: 'string' },
    AppSecret: { type: 'string' },
    AppServiceSecret: { type: 'string' },
    ProjectName: { type: 'string' },
    OrganizationId: { type: 'string' },
    OrganizationName: { type: 'string' },
    Role: { type: 'string', description: "the caller's role in the app's organisation: owner, admin or member" },
    Services: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: { Status: { type: 'string' }, ServiceId: { type: 'string' }, Properties: { type: 'object' } },
      },
    },
    SupportMultiServices: { type: 'boolean' },
    Properties: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

async function signedIn(ctx: Ctx, req: FastifyRequest) {
  const [user, admin] = await Promise.all([sessionAccount(ctx.db, req, 'user'), sessionAccount(ctx.db, req, 'admin')]);
  if (!user && !admin) throw unauthorized('login expired');
  return { user, admin };
}

const ids = { type: 'array', maxItems: 9999, items: idParam };

export function mountPlatform(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/app/:id',
    summary: "An app with its credentials and services, for members of its organisation",
    tag: 'apps',
    auth: 'session',
    params: paramsSchema('id'),
    responses: {
      200: { description: 'the app', schema: appSchema },
      401: { description: 'not signed in', schema: errorSchema },
      403: { description: 'not a member of its organisation', schema: errorSchema },
      404: { description: 'no such app (administrators only; members get 403)', schema: errorSchema },
    },
    handler: async (req) => {
      const { user, admin } = await signedIn(ctx, req);
      const id = (req.params as { id: string }).id;
      const asUser = user ? await findApp(ctx.db, id, user.id) : undefined;
      if (asUser?.Role) return asUser;
      if (admin) {
        const app = await findApp(ctx.db, id, admin.id);
        if (!app) throw notFound();
        return app;
      }
      // Whether the app exists is none of a non-member's business.
      throw forbidden();
    },
  });

  api.route({
    method: 'GET',
    url: '/api/apps',
    summary: "The caller's apps, optionally only some ids or one organisation",
    tag: 'apps',
    auth: 'session',
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: { appId: ids, 'appId[]': ids, orgId: idParam, count: { type: 'integer', minimum: 1, maximum: 9999 } },
    },
    responses: {
      200: { description: 'apps', schema: { type: 'object', properties: { TotalCount: { type: 'integer' }, Items: { type: 'array', items: appSchema } } } },
      400: { description: 'bad input', schema: errorSchema },
      401: { description: 'not signed in', schema: errorSchema },
    },
    handler: async (req) => {
      const { user } = await signedIn(ctx, req);
      if (!user) return { TotalCount: 0, Items: [] };
      const q = req.query as { appId?: string[]; 'appId[]'?: string[]; orgId?: string; count?: number };
      const appIds = [...(q.appId ?? []), ...(q['appId[]'] ?? [])];
      const limit = q.count ?? (appIds.length || 9999);
      const items = await listAppsOf(ctx.db, user.id, { appIds, orgId: q.orgId, limit });
      return { TotalCount: items.length, Items: items };
    },
  });
}
