import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResponseDef } from '../../resources/call-shapes';
import { callUrl, type CallDecl } from '../../resources/call-types';
import { pathFields } from '../../resources/command-call';
import type { JsonSchema, Principal, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../context';
import { mountAcrossAppsActions } from './across-apps-actions';
import { anyParam, serviceEndpoints } from './endpoint-calls';
import { basicCredentials } from '../auth/principal';
import { callerOf as consoleCaller } from '../auth/callers';
import { errorResponses, idParam, type Api, type RouteDef } from './api';
import { rawBodyRoute } from '../blob/routes';
import { uploadOf } from './upload-body';
import { ApiError, notFound } from './errors';
import { callRecordOf, findCallRecord, type CallRecord } from './call-records';
import { authorize, authorizeService } from './guard';
import { PLATFORM_CALLERS, PLATFORM_SCOPE_ID, platformPrincipal } from './platform-scope';
import { playerActor, type PlayerCaller, type PlayerPrincipal } from './hooks';
import { checkPublicCall, publicCaller } from './public-calls';
import type { Data } from './store';

/** What the behaviour behind a declared call is given. */
export interface CallInput<I = Record<string, unknown>> {
  req: FastifyRequest;
  reply: FastifyReply;
  /** The app (or other scope) the call acts in. */
  scopeId: string;
  /** Who calls, as the operation history names them (empty for a `public` call made without the app credential). */
  actor: string;
  /** A player call's player; for a `persona` call its `personaId` is the selected persona. */
  player?: PlayerCaller;
  params: Record<string, string>;
  /** The body (a GET's or DELETE's query), as checked against the declaration; `{}` when the call takes none. */
  input: I;
  /** A call on a record (`CallDecl.record`): the record its path names, found in the caller's scope. */
  record?: Data;
  /** An upload's bytes (`CallDecl.upload`). */
  file?: Buffer;
}

export type CallHandler = (call: CallInput) => Promise<unknown>;

/** The behaviour of a service's declared calls, by the calls' names. */
export type CallHandlers = Record<string, CallHandler>;

/** A `forgetsCredentials` call: the server's cached copy of the caller's app's credentials is dropped. */
const forgetCredentials =
  (ctx: Ctx): CallHandler =>
  async ({ scopeId }) => {
    await ctx.apps.forget(scopeId);
    return { refreshed: true };
  };

/** Start-up check of one declared call: the path and its typed parameters agree, and a GET takes no body. */
export function checkCall(service: ServiceDecl, name: string, call: CallDecl): void {
  const where = `${service.name}: call '${name}'`;
  if (!call.path.startsWith('/')) throw new Error(`${where}: its path must start with /`);
  const names = pathFields(call.path);
  for (const p of Object.keys(call.params ?? {})) if (!names.includes(p)) throw new Error(`${where}: parameter '${p}' is not in its path`);
  if (call.method === 'GET' && (call.body || call.optionalBody)) throw new Error(`${where}: a GET takes no body`);
  if (call.body && call.optionalBody) throw new Error(`${where}: a body and an optional body`);
  if (call.upload && (call.method === 'GET' || call.body || call.optionalBody)) throw new Error(`${where}: an upload is a body of its own`);
  if (call.query && call.method !== 'GET' && call.method !== 'DELETE' && !call.upload) throw new Error(`${where}: only a GET or a DELETE takes a query`);
  if (call.query && (call.body || call.optionalBody)) throw new Error(`${where}: a query and a body`);
  if (call.caller === 'account' && (call.record || call.freshCredential)) throw new Error(`${where}: an account call acts in no app, on no app's record`);
  if (call.platform && (call.caller !== 'service' || call.record || call.appParam || call.freshCredential)) throw new Error(`${where}: a platform call is a service call on no app's record`);
  const known = (resource: string) => {
    if (!service.resources.some((r) => r.name === resource)) throw new Error(`${where}: its answer names '${resource}', not a resource of the service`);
    return {};
  };
  for (const answer of [call.answer, ...Object.values(call.more ?? {})]) placeRecords(answer.schema, known);
  checkPublicCall(where, call);
}

/** A copy of a schema with each record a `recordOf` names replaced by `put(resource)`; the schema itself when it names none. */
export function placeRecords(schema: JsonSchema | undefined, put: (resource: string) => JsonSchema): JsonSchema | undefined {
  if (!schema || !JSON.stringify(schema).includes('"x-record"')) return schema;
  if (typeof schema['x-record'] === 'string') return put(schema['x-record']);
  const inner = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(inner) : v && typeof v === 'object' ? placeRecords(v as JsonSchema, put) : v;
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inner(v)]));
}

function paramsOf(call: CallDecl): JsonSchema | undefined {
  const names = pathFields(call.path);
  if (!names.length) return undefined;
  const properties = Object.fromEntries(names.map((n) => [n, call.params?.[n] ?? idParam]));
  return { type: 'object', additionalProperties: false, required: names, properties };
}

/**
 * Mounts a service's declared calls, and its resources' endpoints the service performs (`serviceEndpoints`), with
 * the behaviour its modules give by name: every declared call and such endpoint must have a handler, every handler
 * a declared call or endpoint, and no declared call may repeat an endpoint's name or method and path (an error at
 * start-up otherwise). Player calls go through the service's player principal, service calls through the app
 * credential with the service enabled.
 */
export function mountDeclaredCalls(api: Api, ctx: Ctx, service: ServiceDecl, handlers: CallHandlers, player?: PlayerPrincipal): void {
  const calls = service.calls ?? {};
  const all = serviceEndpoints(ctx, service);
  for (const e of all.filter((x) => x.servedBy && !calls[x.servedBy])) {
    throw new Error(`${service.name}: '${e.name}' is served by call '${e.servedBy}', which is not declared`);
  }
  const endpoints = all.filter((e) => !e.servedBy);
  for (const name of Object.keys(handlers)) {
    if (!calls[name] && !endpoints.some((e) => e.name === name)) {
      throw new Error(`${service.name}: behaviour given for '${name}', which is not a declared call or endpoint`);
    }
  }
  for (const e of endpoints) {
    const handler = handlers[e.name];
    if (!handler) throw new Error(`${service.name}: '${e.name}' is performed by the service but no module gives its behaviour`);
    e.mount(api, ctx, handler);
  }
  // The back office takes some of these actions on any app's record (`acrossApps.actions`).
  for (const res of service.resources) {
    const m = ctx.models.get(`${service.name}/${res.name}`);
    if (m && res.acrossApps?.actions?.length) mountAcrossAppsActions(api, ctx, m, handlers);
  }
  for (const [name, call] of Object.entries(calls)) {
    checkCall(service, name, call);
    const url = anyParam(callUrl(service.base, call));
    const same = all.find((e) => e.servedBy !== name && (e.name === name || (e.method === call.method && e.url === url)));
    if (same) throw new Error(`${service.name}: call '${name}' repeats the resource's declared endpoint '${same.name}'`);
    if (call.forgetsCredentials && handlers[name]) throw new Error(`${service.name}: call '${name}' is performed by the engine, not a module`);
    const handler = call.forgetsCredentials ? forgetCredentials(ctx) : handlers[name];
    if (!handler) throw new Error(`${service.name}: call '${name}' is declared but no module gives its behaviour`);
    if ((call.caller === 'player' || call.caller === 'persona') && !player) throw new Error(`${service.name}: call '${name}' is a player call, but the service has no player principal`);
    const params = paramsOf(call);
    const on = callRecordOf(ctx, service, name, call);
    const record = (resource: string) => ctx.models.get(`${service.name}/${resource}`)!.recordSchema;
    const answer = (def: ResponseDef): ResponseDef => ({ ...def, schema: placeRecords(def.schema, record) });
    const more = Object.fromEntries(Object.entries(call.more ?? {}).map(([status, def]) => [status, answer(def)]));
    (call.upload ? (def: RouteDef) => rawBodyRoute(api, def) : (def: RouteDef) => api.route(def))({
      method: call.method,
      url: callUrl(service.base, call),
      summary: call.summary,
      tag: call.tag ?? service.name,
      auth: call.caller === 'service' ? (call.platform ? 'platform' : 'service') : call.caller === 'public' ? 'none' : call.caller === 'account' ? 'session' : 'player',
      ...(on && call.caller === 'service' ? { access: on.access } : {}),
      ...(call.caller === 'service' && call.access ? { access: call.access } : {}),
      ...(call.caller === 'service' && call.platform && !call.access ? { access: PLATFORM_CALLERS } : {}),
      // An account call takes a console user's session or an administrator's (`callerOf`).
      ...(call.caller === 'account' ? { access: ['user', 'admin'] as Principal[] } : {}),
      ...(params ? { params } : {}),
      ...(call.body ? { body: call.body } : {}),
      ...(call.optionalBody ? { optionalBody: call.optionalBody } : {}),
      ...(call.upload ? { fileBody: call.upload.types } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      responses: { [call.status ?? 200]: answer(call.answer), ...more, ...errorResponses(...call.errors) },
      handler: async (req, reply) => {
        const input = ((call.query ? req.query : req.body) ?? {}) as Record<string, unknown>;
        const who = call.caller === 'public' ? await publicCaller(ctx, req, service, call, input) : await callerOf(ctx, req, service, call, player, on);
        const onRecord = on ? { record: await findCallRecord(ctx, on, req, who.scopeId) } : {};
        // A call at an app's address (`appParam`) is only the caller's own app's; an upload is read after this check.
        if (call.appParam && (req.params as Record<string, string>)[call.appParam] !== who.scopeId) throw notFound('no such app');
        const file = call.upload ? await uploadOf(req, call.upload.types, ctx.config.uploadLimitBytes) : undefined;
        if (call.status) reply.code(call.status);
        return handler({ req, reply, ...who, ...onRecord, params: req.params as Record<string, string>, input, ...(file ? { file } : {}) });
      },
    });
  }
}

/** Checks a caller; an app credential refused is checked once more after the server forgets what it cached for the app. */
async function withFreshCredential<T>(ctx: Ctx, req: FastifyRequest, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    const basic = basicCredentials(req);
    if (!(err instanceof ApiError) || err.status !== 401 || !basic) throw err;
    await ctx.apps.forget(basic.appId);
    return check();
  }
}

async function callerOf(ctx: Ctx, req: FastifyRequest, service: ServiceDecl, call: CallDecl, player?: PlayerPrincipal, on?: CallRecord) {
  if (call.caller === 'account') {
    // The user's session when the request carries one, else the administrator's.
    const { user, admin } = await consoleCaller(ctx, req);
    const account = (user ?? admin)!;
    return { scopeId: account.id, actor: `${user ? 'user' : 'admin'}:${account.email}` };
  }
  if (call.caller === 'service' && call.platform) {
    // A call on the platform's records: who `access` allows, in the platform's scope.
    const p = await platformPrincipal(ctx, req, service.name, call.access ?? PLATFORM_CALLERS);
    return { scopeId: PLATFORM_SCOPE_ID, actor: p.actor };
  }
  if (call.caller === 'service') {
    // A call on a record takes the record's resource's access; any other, the service's.
    const access = () => (on ? authorize(ctx, req, on.model, on.mode) : authorizeService(ctx, req, service.name));
    const { scopeId, principal } = call.freshCredential ? await withFreshCredential(ctx, req, access) : await access();
    return { scopeId, actor: principal.actor };
  }
  const p = await player!(ctx, req, { persona: call.caller === 'persona', ...call.player });
  return { scopeId: p.scopeId, actor: playerActor(p), player: p };
}
