import type { FastifyReply, FastifyRequest } from 'fastify';
import { actionCall } from '../../resources/action-call';
import { pathFields } from '../../resources/command-call';
import { actionAccess } from '../../resources/field-access';
import type { JsonSchema, Principal, RowCommandDecl, ViewDecl } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, idParam, listAnswer, type Api, type Method, type ResponseDef } from './api';
import { actionBody } from './actions';
import { authorize, type Access } from './guard';
import type { ResourceModel } from './model';
import type { Data } from './store';
import { mountRecordCall } from './record-calls';

/**
 * The service's own code behind a call the declaration describes (a command without a `kind`, an action
 * `implementedBy: 'service'`, a detail view, a view without `rowsOf`): the method, path, body and access come from
 * the declaration, so the console's call and the server's route cannot drift apart; the service gives the behaviour.
 */

/** What the service's handler is given. */
export interface ServiceCall {
  req: FastifyRequest;
  reply: FastifyReply;
  access: Access;
  /** A call on one record: the record (404 when it is not in the caller's scope). */
  record: Data;
  /** The body as checked against the declared fields (`{}` when the call takes none). */
  body: Data;
}

export interface ServiceCallDef {
  /** What the call does, for the API document (English). */
  summary: string;
  /** The success answer (default: the declaration's own answer schema, or any object). */
  answer?: ResponseDef;
  /** Error answers (default 400, 401, 403, 404, 409). */
  errors?: Record<number, ResponseDef>;
  /** The query the call also takes (a view's own filter or row limit), checked before the handler runs. */
  query?: JsonSchema;
  handler: (call: ServiceCall) => Promise<unknown>;
}

interface Route {
  method: Method;
  /** Appended to the collection path, after the item's id when `item`. */
  path: string;
  item: boolean;
  mode: 'read' | 'write';
  access?: Principal[];
  fields?: JsonSchema;
  answer: ResponseDef;
  /** The path's own `:name`s after the record's id (a row command's), each an id unless given its schema. */
  params?: string[] | Record<string, JsonSchema>;
  /** The body as it is checked, when not the declared `fields`' (see `bodyOf`). */
  body?: JsonSchema;
  /** The dialog's fields sent in the query instead (a DELETE command's): what the handler is given as its body. */
  query?: JsonSchema;
}

/** A declared dialog as the call's body: what the console only shows or fills in (titles, defaults) left out. */
export function bodyOf(fields: JsonSchema): JsonSchema {
  const props = Object.entries((fields.properties ?? {}) as Record<string, JsonSchema>).map(([k, s]) => [k, checked(s)]);
  return { ...fields, properties: Object.fromEntries(props) };
}

/** A dialog field as the server checks it: without what only the console shows or fills in. */
function checked(field: JsonSchema): JsonSchema {
  const { default: _d, 'x-ui': _x, title: _t, ...rest } = field;
  return rest;
}

/**
 * Mounts a declared call: on one record through the engine's record calls (`mountRecordCall`: the item path, the
 * record found or 404), on the collection directly.
 */
function mount(api: Api, ctx: Ctx, m: ResourceModel, route: Route, def: ServiceCallDef): void {
  const schema = route.body ?? (route.fields ? bodyOf(route.fields) : undefined);
  // Fields none of which is required may be left out with the body (as an engine-run action's, `actions.ts`).
  const optional = !route.body && !!route.fields && !((route.fields.required as string[] | undefined) ?? []).length;
  const [body, optionalBody] = optional ? [undefined, schema] : [schema, undefined];
  const answer = def.answer ?? route.answer;
  const errors = def.errors ?? errorResponses(400, 401, 403, 404, 409);
  const query = def.query ?? route.query;
  const toBody = (req: FastifyRequest) => ((route.query ? req.query : req.body) ?? {}) as Data;
  if (route.item) {
    const params = Array.isArray(route.params) ? Object.fromEntries(route.params.map((n) => [n, idParam])) : route.params;
    const call = { method: route.method, path: route.path, summary: def.summary, access: route.mode, principals: route.access };
    mountRecordCall(api, ctx, m, { ...call, params, query, body, optionalBody, answer, errors }, (c) => def.handler({ ...c, body: toBody(c.req) }));
    return;
  }
  api.route({
    method: route.method,
    url: `${m.base}${route.path}`,
    summary: def.summary,
    tag: m.service.name,
    auth: 'service',
    access: route.access ?? m.res.access[route.mode],
    ...(body ? { body } : {}),
    ...(optionalBody ? { optionalBody } : {}),
    ...(query ? { querystring: query } : {}),
    responses: { 200: answer, ...errors },
    handler: async (req, reply) => {
      const access = await authorize(ctx, req, m, route.mode, route.access);
      return def.handler({ req, reply, access, record: {}, body: toBody(req) });
    },
  });
}

/**
 * A command's dialog split between its path and its body: each `:name` of the path is a required field of the
 * dialog sent in the address (`fillCommandPath` in the console), with that field's schema; the body is the rest.
 */
function commandParts(where: string, path: string, fields: JsonSchema | undefined): { params: Record<string, JsonSchema>; body?: JsonSchema } {
  const names = pathFields(path);
  if (!names.length) return { params: {}, body: fields ? bodyOf(fields) : undefined };
  const props = (fields?.properties ?? {}) as Record<string, JsonSchema>;
  const required = (fields?.required as string[] | undefined) ?? [];
  for (const n of names) if (!props[n] || !required.includes(n)) throw new Error(`${where}: ':${n}' of its path is not a required field`);
  const params = Object.fromEntries(names.map((n) => [n, checked(props[n])]));
  const rest = Object.fromEntries(Object.entries(props).filter(([k]) => !names.includes(k)));
  const body = bodyOf({ ...fields, properties: rest, required: required.filter((r) => !names.includes(r)) });
  return { params, body };
}

const declared = <T extends { name: string }>(m: ResourceModel, kind: string, list: T[] | undefined, name: string): T => {
  const found = (list ?? []).find((x) => x.name === name);
  if (!found) throw new Error(`${m.service.name}/${m.res.name}: no ${kind} '${name}' is declared`);
  return found;
};

const anyObject: ResponseDef = { description: 'the answer', schema: { type: 'object' } };

/** A declared command the service performs (one without a `kind`, which the engine would mount itself). */
export function mountCommandCall(api: Api, ctx: Ctx, m: ResourceModel, name: string, def: ServiceCallDef): void {
  const command = declared(m, 'command', m.res.commands, name);
  const where = `${m.service.name}/${m.res.name}.${name}`;
  if (command.kind) throw new Error(`${where}: the engine mounts a ${command.kind} command`);
  if (command.on === 'selection') throw new Error(`${where}: a selection command is not mounted here`);
  const answer = command.answer ? { description: 'the answer', schema: command.answer } : anyObject;
  const { method, path, fields } = command;
  const { params, body } = commandParts(where, path, fields);
  if (Object.keys(params).length && command.on !== 'item') throw new Error(`${where}: only an item command takes fields in its path`);
  // A DELETE's dialog is sent in the query (`sendsQuery`), the handler given it as its body.
  const sent = method === 'DELETE' && body ? { query: body } : { fields, body };
  mount(api, ctx, m, { method, path, ...sent, params, answer, item: command.on === 'item', mode: method === 'GET' ? 'read' : 'write' }, def);
}

/** A state action the service's code performs (`implementedBy: 'service'`), at the action's declared call. */
export function mountActionCall(api: Api, ctx: Ctx, m: ResourceModel, name: string, def: ServiceCallDef): void {
  const action = declared(m, 'action', m.res.actions, name);
  if (action.implementedBy !== 'service') throw new Error(`${m.service.name}/${m.res.name}.${name}: the engine mounts this action`);
  const access = actionAccess(m.res, action);
  // Its fields with the version read, as an engine-run action takes them: the console sends every state action so.
  const fields = action.fields ? actionBody(action.fields) : undefined;
  const route = { ...actionCall(m.service, action), item: true, mode: 'write', access, fields, answer: anyObject } as const;
  mount(api, ctx, m, route, def);
}

/** A detail view the service answers (`GET <item><path>`), documented with the view's answer schema. */
export function mountDetailCall(api: Api, ctx: Ctx, m: ResourceModel, name: string, def: ServiceCallDef): void {
  const view = declared(m, 'detail view', m.res.details, name);
  const answer = { description: view.label.en, schema: view.answer };
  mount(api, ctx, m, { method: 'GET', path: view.path, item: true, mode: 'read', answer }, def);
}

/** A record view the service answers (`GET <item><path>`, one call for every row), as `{ total, <listKey>: [...] }`. */
export function mountViewCall(api: Api, ctx: Ctx, m: ResourceModel, name: string, def: ServiceCallDef): void {
  const view = declared(m, 'view', m.res.views, name);
  if (view.rowsOf || view.method === 'POST' || view.paging.mode === 'server') {
    throw new Error(`${m.service.name}/${m.res.name}: view ${name} is not one the service answers in one GET`);
  }
  const rows = typeof view.row === 'string' ? ctx.models.get(`${m.service.name}/${view.row}`)?.recordSchema : view.row;
  const answer = listAnswer(view.listKey, rows);
  mount(api, ctx, m, { method: 'GET', path: view.path, item: true, mode: 'read', answer }, def);
}

/**
 * The body a row command takes: its fields, every nullable one required (the console sends it, as null when left
 * empty); none without fields. Also for the service's own call of the same change made by other callers (a player).
 */
export function rowCommandBody(command: RowCommandDecl): JsonSchema | undefined {
  if (!command.fields) return undefined;
  const props = Object.entries((command.fields.properties ?? {}) as Record<string, JsonSchema>);
  const nullable = props.filter(([, s]) => Array.isArray(s.type) && s.type.includes('null')).map(([k]) => k);
  const required = [...new Set([...((command.fields.required as string[] | undefined) ?? []), ...nullable])];
  return bodyOf({ ...command.fields, required });
}

/** A row command declared on a view of `m`. */
export function rowCommandOf(m: ResourceModel, viewName: string, name: string): { view: ViewDecl; command: RowCommandDecl } {
  const view = declared(m, 'view', m.res.views, viewName);
  return { view, command: declared(m, `row command of ${viewName}`, view.rowCommands, name) };
}

/**
 * A row command of a record's view that the service performs (a guild member's role): `<method> <item><view's
 * path><command's path>`, each `:name` of the command's path an id the handler reads from the request, the body
 * `rowCommandBody`.
 */
export function mountRowCommandCall(api: Api, ctx: Ctx, m: ResourceModel, viewName: string, name: string, def: ServiceCallDef): void {
  const { view, command } = rowCommandOf(m, viewName, name);
  const params = pathFields(command.path);
  const path = `${view.path}${command.path}`;
  mount(api, ctx, m, { method: command.method, path, item: true, mode: 'write', answer: anyObject, params, body: rowCommandBody(command) }, def);
}
