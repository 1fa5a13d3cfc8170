/**
 * The function's public addresses, beside its declared calls: the API gateway (`GET` / `POST
 * <base>/func-stateless/gateway/:appId/:name`, no credential, on while the function's gateway is enabled, limited to
 * its calls per minute across every instance through the service's counter), and the code download a transfer token
 * or a code link opens (`GET <base>/func-stateless/code`, the token's signature and expiry checked).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { funcStateless } from '../../../resources/func-stateless';
import { errorResponses, errorSchema, ok } from '../../../resources/call-shapes';
import { FUNCTION_LIMITS } from '../../../resources/func-stateless/limits';
import { publicOrigin } from '../../auth/callers';
import { requireServiceEnabled } from '../../auth/principal';
import { Signer } from '../../blob/signing';
import type { Ctx } from '../../context';
import type { Api } from '../../engine/api';
import { addCount, counterOf } from '../../engine/counters';
import type { CallHandlers } from '../../engine/declared-calls';
import { ApiError, forbidden, notFound, tooManyRequests } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { auditIn } from '../../engine/write';
import { zipOf } from './code';
import { codeOf, versionNumbered } from './deploy';
import { invokeFunction } from './invoke';
import { funcModels, SERVICE } from './models';

export const GATEWAY_PATH = '/func-stateless/gateway';
const CODE_PATH = '/func-stateless/code';
const LINK_SECONDS = 15 * 60;

/** The gateway's address of a function, under the service's declared base. */
export const gatewayPath = (appId: string, name: string) => `${funcStateless.base}${GATEWAY_PATH}/${appId}/${name}`;

const signer = (ctx: Ctx) => new Signer(ctx.db, () => ctx.config.secretKey);
/** What a code link signs: the function, the version (`*` for a transfer token's every version) and the expiry. */
const linkParts = (appId: string, functionId: string, version: string, expires: number) => ['func-stateless code', appId, functionId, version, String(expires)];

/** A signed token for one version's code, or every version's (`*`), valid 15 minutes. */
async function codeToken(ctx: Ctx, appId: string, functionId: string, version: string) {
  const expires = Math.floor(Date.now() / 1000) + LINK_SECONDS;
  const sig = await signer(ctx).sign(linkParts(appId, functionId, version, expires));
  return { token: Buffer.from(JSON.stringify([appId, functionId, version, expires, sig])).toString('base64url'), expiresAt: new Date(expires * 1000).toISOString() };
}

export function gatewayCalls(ctx: Ctx): CallHandlers {
  const m = funcModels(ctx);
  return {
    gateway: async (call) => {
      const { enabled, rateLimitPerMinute } = call.input as { enabled: boolean; rateLimitPerMinute?: number };
      const fn = call.record!;
      const gateway = { enabled, rateLimitPerMinute: rateLimitPerMinute ?? Number((fn.gateway as Data | undefined)?.rateLimitPerMinute ?? FUNCTION_LIMITS.rateLimitPerMinute.default), path: gatewayPath(call.scopeId, String(fn.name)) };
      return ctx.db.transaction(async (tx) => {
        const before = await records(tx, m.functions).get(call.scopeId, String(fn.id), { lock: 'update' });
        const after = await records(tx, m.functions).updateOne(call.scopeId, String(fn.id), { set: { gateway } });
        await auditIn(tx, { scopeId: call.scopeId, principal: { actor: call.actor } }, m.functions, 'gateway', String(fn.id), before, after);
        return after;
      });
    },
    transferToken: async ({ req, scopeId, record }) => {
      const { token, expiresAt } = await codeToken(ctx, scopeId, String(record!.id), '*');
      return { token, expiresAt, url: `${publicOrigin(ctx, req)}${funcStateless.base}${CODE_PATH}?token=${token}` };
    },
    codeUrl: async ({ req, scopeId, record, params }) => {
      const version = await versionNumbered(ctx.db, m, scopeId, String(record!.id), Number(params.version));
      const { token, expiresAt } = await codeToken(ctx, scopeId, String(record!.id), String(version.number));
      return { url: `${publicOrigin(ctx, req)}${funcStateless.base}${CODE_PATH}?token=${token}&version=${version.number}`, expiresAt };
    },
  };
}

/** The gateway's answer from the handler's result: `{ statusCode, headers, body }` is taken as the HTTP answer, anything else is JSON. */
function answerOf(reply: FastifyReply, result: unknown): unknown {
  const r = result as { statusCode?: unknown; headers?: unknown; body?: unknown } | null;
  if (r && typeof r === 'object' && typeof r.statusCode === 'number' && r.statusCode >= 200 && r.statusCode <= 599) {
    reply.status(r.statusCode);
    for (const [k, v] of Object.entries((r.headers as Record<string, string>) ?? {})) if (typeof v === 'string' && /^[A-Za-z0-9-]+$/.test(k) && !/^(set-cookie|content-length|transfer-encoding|connection)$/i.test(k)) reply.header(k, v);
    return typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? null);
  }
  return result ?? null;
}

export function mountFuncRoutes(api: Api, ctx: Ctx): void {
  const m = funcModels(ctx);
  const gatewayParams = { type: 'object', additionalProperties: false, required: ['appId', 'name'], properties: { appId: { type: 'string', minLength: 1, maxLength: 64 }, name: { type: 'string', minLength: 1, maxLength: 60 } } };
  const serve = async (req: FastifyRequest, reply: FastifyReply) => {
    const { appId, name } = req.params as { appId: string; name: string };
    const app = await ctx.apps.get(appId);
    if (!app) throw notFound('no such function');
    requireServiceEnabled(app, SERVICE);
    const fn = await records(ctx.db, m.functions).first(appId, { where: { name } });
    const gateway = fn?.gateway as Data | undefined;
    if (!fn || !gateway?.enabled) throw notFound('no such function');
    const limit = Number(gateway.rateLimitPerMinute ?? FUNCTION_LIMITS.rateLimitPerMinute.default);
    const n = await addCount(ctx.db, counterOf(funcStateless, 'gatewayCalls'), appId, { functionId: String(fn.id) });
    if (n > limit) {
      await addCount(ctx.db, counterOf(funcStateless, 'gatewayLimited'), appId, { functionId: String(fn.id) });
      throw tooManyRequests();
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !/^(authorization|cookie)$/i.test(k)));
    const event = { httpMethod: req.method, path: req.url.split('?')[0], queryString: req.query ?? {}, headers, body: req.body ?? null };
    const done = await invokeFunction(ctx, appId, fn, event, 'gateway');
    reply.header('x-request-id', done.requestId);
    if (done.status === 'success') return answerOf(reply, done.result);
    throw new ApiError(done.status === 'timeout' ? 504 : 502, 'FUNCTION_ERROR', done.status === 'timeout' ? 'the function timed out' : 'the function failed');
  };
  const gatewayErrors = {
    ...errorResponses(403, 404, 409, 429),
    502: { description: 'the function failed (its log has the error)', schema: errorSchema, errors: [{ code: 'FUNCTION_ERROR', message: 'the function failed' }] },
    504: { description: 'the function timed out', schema: errorSchema, errors: [{ code: 'FUNCTION_ERROR', message: 'the function timed out' }] },
  };
  for (const method of ['GET', 'POST'] as const) {
    api.route({
      method,
      url: `${funcStateless.base}${GATEWAY_PATH}/:appId/:name`,
      summary: `Call a function through its API gateway (no credential; ${method === 'POST' ? 'the JSON body is the event body' : 'the query is the event query'}): the handler's { statusCode, headers, body } is the answer, any other result is answered as JSON`,
      tag: SERVICE,
      auth: 'none',
      params: gatewayParams,
      ...(method === 'POST' ? { optionalBody: { description: 'any JSON, given to the handler as event.body' } } : {}),
      responses: { 200: ok("the handler's answer"), ...gatewayErrors },
      handler: serve,
    });
  }
  api.route({
    method: 'GET',
    url: `${funcStateless.base}${CODE_PATH}`,
    summary: "Download a version's code as a zip with a token from get-transfer-token (any version, named by version) or get-code-url (its version); no credential",
    tag: SERVICE,
    auth: 'none',
    querystring: { type: 'object', additionalProperties: false, required: ['token', 'version'], properties: { token: { type: 'string', minLength: 1, maxLength: 1000 }, version: { type: 'integer', minimum: 1, maximum: 1_000_000 } } },
    responses: { 200: ok('the zip', { type: 'string', format: 'binary' }), ...errorResponses(403, 404) },
    handler: async (req, reply) => {
      const { token, version } = req.query as { token: string; version: number };
      let parts: [string, string, string, number, string];
      try {
        parts = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
      } catch {
        throw forbidden('link invalid or expired');
      }
      const [appId, functionId, allowed, expires, sig] = parts;
      const valid = Array.isArray(parts) && (allowed === '*' || allowed === String(version)) && expires * 1000 > Date.now();
      if (!valid || !(await signer(ctx).verify(linkParts(String(appId), String(functionId), String(allowed), Number(expires)), String(sig)))) throw forbidden('link invalid or expired');
      const found = await versionNumbered(ctx.db, m, appId, functionId, version);
      const files = await codeOf(ctx.db, m, appId, functionId, found);
      reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="function-v${version}.zip"`);
      return Buffer.from(zipOf(files));
    },
  });
}
