import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context';
export { errorResponses as errors, idParam as idString, listAnswer, ok, pageQuery, textField as text, type Page } from '../../../engine/api';
import { forbidden } from '../../../engine/errors';
import { authorizeService, type Access } from '../../../engine/guard';

export const SERVICE = 'passport';
export { BASE } from '../base';

/** The app credential or an administrator naming the app: who calls an app-scoped passport call. */
export const appCaller = (ctx: Ctx, req: FastifyRequest): Promise<Access> => authorizeService(ctx, req, SERVICE);

/** The same, for calls only the platform's administrators may make (403 for the app credential). */
export async function adminCaller(ctx: Ctx, req: FastifyRequest): Promise<Access> {
  const access = await appCaller(ctx, req);
  if (access.principal.kind !== 'admin') throw forbidden();
  return access;
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

