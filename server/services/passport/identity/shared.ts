import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context';
export { errorResponses as errors, idParam as idString, ok } from '../../../engine/api';
import { authorizeService, type Access } from '../../../engine/guard';

export const SERVICE = 'passport';
export { BASE } from '../base';

/** The app credential or an administrator naming the app: who calls an app-scoped passport call. */
export const appCaller = (ctx: Ctx, req: FastifyRequest): Promise<Access> => authorizeService(ctx, req, SERVICE);
