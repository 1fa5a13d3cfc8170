import type { FastifyRequest } from 'fastify';
import { actionCall } from '../../resources/action-call';
import { actionAccess } from '../../resources/field-access';
import type { JsonSchema, Principal } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, listAnswer, type Api, type Method, type ResponseDef } from './api';
import { itemParams } from './children';
import { authorize, type Access } from './guard';
import type { ResourceModel } from './model';
import type { Data } from './store';
import { idOf } from './write';

/**
 * The service's own code behind a call the declaration describes (a command without a `kind`, an action
 * `implementedBy: 'service'`, a detail view, a view without `rowsOf`): the method, path, body and access come from
 * the declaration, so the console's call and the server's route cannot drift apart; the service gives the behaviour.
 */

/** What the service's handler is given. */
export interface ServiceCall {
  req: FastifyRequest;
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
}

/** A declared dialog as the call's body: what the console only shows or fills in (titles, defaults) left out. */
export function bodyOf(fields: JsonSchema): JsonSchema {
  const props = Object.entries((fields.properties ?? {}) as Record<string, JsonSchema>).map(([k, s]) => {
    const { default: _d, 'x-ui': _x, title: _t, ...rest } = s;
    return [k, rest];
  });
  return { ...fields, properties: Object.fromEntries(props) };
}

function mount(api: Api, ctx: Ctx, m: ResourceModel, route: Route, def: ServiceCallDef): void {
  const body = route.fields ? bodyOf(route.fields) : undefined;
  api.route({
    method: route.method,
    url: `${m.base}${route.item ? `/:${m.idParam}` : ''}${route.path}`,
    summary: def.summary,
    tag: m.service.name,
    auth: 'service',
    access: route.access ?? m.res.access[route.mode],
    ...(route.item ? { params: itemParams(m) } : {}),
    ...(body ? { body } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    responses: { 200: def.answer ?? route.answer, ...(def.errors ?? errorResponses(400, 401, 403, 404, 409)) },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, route.mode, route.access);
      const id = route.item ? await ctx.store.resolveId(m, access.scopeId, idOf(req, m)) : undefined;
      const record = id === undefined ? {} : await ctx.store.get(m, access.scopeId, id);
      return def.handler({ req, access, record, body: (req.body ?? {}) as Data });
    },
  });
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
  mount(api, ctx, m, { method, path, fields, answer, item: command.on === 'item', mode: method === 'GET' ? 'read' : 'write' }, def);
}

/** A state action the service's code performs (`implementedBy: 'service'`), at the action's declared call. */
export function mountActionCall(api: Api, ctx: Ctx, m: ResourceModel, name: string, def: ServiceCallDef): void {
  const action = declared(m, 'action', m.res.actions, name);
  if (action.implementedBy !== 'service') throw new Error(`${m.service.name}/${m.res.name}.${name}: the engine mounts this action`);
  const access = actionAccess(m.res, action);
  const route = { ...actionCall(m.service, action), item: true, mode: 'write', access, fields: action.fields, answer: anyObject } as const;
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
