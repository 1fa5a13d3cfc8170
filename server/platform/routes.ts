import type { AppListQuery } from '../../resources/app-api';
import type { Ctx } from '../context';
import { errorSchema, idParam, paramsSchema, type Api } from '../engine/api';
import { callerOf } from '../auth/callers';
import { appCaller } from './app-access';
import { mountAppCredentials } from './app-credential-routes';
import { mountAppWrites } from './app-routes';
import { appErrors, appListSchema, appSchema } from './app-schemas';
import { mountAppServices } from './app-service-routes';
import { listApps } from './apps';
import { mountOrganizations } from './org/routes';
import { ORG_MEMBERS } from '../engine/access';

const ids = { type: 'array', maxItems: 9999, items: idParam };
const search = { type: 'string', minLength: 1, maxLength: 100 };

export function mountPlatform(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/app/:id',
    summary: 'An app with its credentials and services, for members of its organisation and administrators',
    tag: 'apps',
    auth: 'session',
    access: [...ORG_MEMBERS, 'admin'],
    params: paramsSchema('id'),
    responses: { 200: { description: 'the app', schema: appSchema }, ...appErrors },
    handler: async (req) => (await appCaller(ctx, req, (req.params as { id: string }).id, 'read')).app,
  });

  api.route({
    method: 'GET',
    url: '/api/apps',
    summary:
      "The caller's apps (every app for administrators), optionally only some ids, one organisation or a name search; administrators also search by organisation and company name",
    tag: 'apps',
    auth: 'session',
    access: ['user', 'admin'],
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        appId: ids,
        'appId[]': ids,
        orgId: idParam,
        q: search,
        orgName: search,
        companyName: search,
        count: { type: 'integer', minimum: 1, maximum: 9999 },
        start: { type: 'integer', minimum: 0, maximum: 1_000_000 },
      },
    },
    responses: {
      200: { description: 'apps, with the number of all that match', schema: appListSchema },
      400: { description: 'bad input', schema: errorSchema },
      401: { description: 'not signed in', schema: errorSchema },
    },
    handler: async (req) => {
      const { user, admin } = await callerOf(ctx, req);
      const q = req.query as AppListQuery & { appId?: string[]; 'appId[]'?: string[] };
      const appIds = [...(q.appId ?? []), ...(q['appId[]'] ?? [])];
      // Spec 000 §7: count is the number of ids asked for, or 9999.
      const limit = q.count ?? (appIds.length || 9999);
      const viewer = (user ?? admin)!;
      const { total, items } = await listApps(ctx.db, viewer.id, admin ? 'all' : 'member', {
        appIds,
        orgId: q.orgId,
        q: q.q?.trim(),
        orgName: q.orgName?.trim(),
        companyName: q.companyName?.trim(),
        limit,
        offset: q.start,
      });
      return { TotalCount: total, Items: items };
    },
  });

  mountAppWrites(api, ctx);
  mountAppServices(api, ctx);
  mountAppCredentials(api, ctx);
  mountOrganizations(api, ctx);
}
