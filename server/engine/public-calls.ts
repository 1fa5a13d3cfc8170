import type { FastifyRequest } from 'fastify';
import type { CallDecl } from '../../resources/call-types';
import type { JsonSchema, ServiceDecl } from '../../resources/types';
import { requireServiceEnabled, servicePrincipal } from '../auth/principal';
import type { Ctx } from '../context';
import { badRequest, forbidden, notFound } from './errors';

/**
 * Start-up check of a `public` declared call: its input has an `appId`, required unless the app credential may
 * stand in for it; only a public call takes `appCredential`.
 */
export function checkPublicCall(where: string, call: CallDecl): void {
  if (call.caller !== 'public') {
    if (call.appCredential) throw new Error(`${where}: only a public call takes appCredential`);
    return;
  }
  const input: JsonSchema | undefined = call.query ?? call.body ?? call.optionalBody;
  const named = (input?.properties as Record<string, unknown> | undefined)?.appId;
  if (!named) throw new Error(`${where}: a public call names its app by appId`);
  const required = call.body || call.query ? ((input?.required as string[] | undefined) ?? []) : [];
  if (!call.appCredential && !required.includes('appId')) {
    throw new Error(`${where}: appId must be required without appCredential`);
  }
}

/** The app a `public` declared call acts in, and who the operation history names (empty: not known yet). */
export async function publicCaller(
  ctx: Ctx,
  req: FastifyRequest,
  service: ServiceDecl,
  call: CallDecl,
  input: Record<string, unknown>,
) {
  const named = input.appId as string | undefined;
  const only = Object.entries(call.appCredential?.serverOnly ?? {});
  const serverOnly = only.some(([field, values]) => values.includes(input[field] as string));
  if (call.appCredential && (serverOnly || !named)) {
    if (!serverOnly && !req.headers.authorization) {
      throw badRequest([{ field: '/appId', message: 'required without the app credential' }]);
    }
    const principal = await servicePrincipal(ctx.db, ctx.apps, req);
    if (named && named !== principal.app.AppId) throw forbidden();
    requireServiceEnabled(principal.app, service.name);
    return { scopeId: principal.app.AppId, actor: principal.actor };
  }
  const app = await ctx.apps.get(named!);
  if (!app) throw notFound();
  requireServiceEnabled(app, service.name);
  return { scopeId: app.AppId, actor: '' };
}
