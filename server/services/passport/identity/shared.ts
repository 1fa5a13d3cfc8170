import type { FastifyRequest } from 'fastify';
import { requireServiceEnabled } from '../../../auth/principal';
import type { Ctx } from '../../../context';
import { notFound } from '../../../engine/errors';
import type { AppView } from '../../../platform/apps';
export { errorResponses as errors, idParam as idString, ok } from '../../../engine/api';
import { authorizeService, type Access } from '../../../engine/guard';

export const SERVICE = 'passport';
export { BASE } from '../base';

/** The app credential or an administrator naming the app: who calls an app-scoped passport call. */
export const appCaller = (ctx: Ctx, req: FastifyRequest): Promise<Access> => authorizeService(ctx, req, SERVICE);

/** The app the game client names before sign-in: 404 when there is none, 403 when passport is not enabled for it. */
export async function clientApp(ctx: Ctx, appId: string): Promise<AppView> {
  const app = await ctx.apps.get(appId);
  if (!app) throw notFound();
  requireServiceEnabled(app, SERVICE);
  return app;
}
