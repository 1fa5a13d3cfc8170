import { callUrl, type EndpointApi } from '../../resources/call-types';
import { actionCall } from '../../resources/action-call';
import type { CommandDecl, JsonSchema, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, type Api } from './api';
import { placeRecords, type CallHandler } from './declared-calls';
import type { ResourceModel } from './model';
import { mountActionCall, mountCommandCall, mountDetailCall, mountRowCommandCall, mountViewCall, type ServiceCall, type ServiceCallDef } from './service-calls';

/**
 * A resource's declared endpoint the service performs, by the name its module's `calls` map gives the behaviour
 * under: `<resource>.<command>` (a command without `kind`), `<resource>.<action>` (`implementedBy: 'service'`),
 * `<resource>.<detail view>`, `<resource>.<view>` (without `rowsOf`), `<resource>.<view>.<row command>`.
 */
export interface Endpoint {
  name: string;
  /** The declared call that serves it instead (`EndpointApi.call`): nothing is mounted for it. */
  servedBy?: string;
  method: string;
  /** The full path, each `:name` as `:` (to compare with other calls' paths). */
  url: string;
  /** Mounts it with the behaviour given, described by `api`. */
  mount: (api: Api, ctx: Ctx, handler: CallHandler) => void;
}

type Mount = (api: Api, ctx: Ctx, m: ResourceModel, def: ServiceCallDef) => void;

/** A path with each `:name` as `:`, to compare paths whatever their parameters are called. */
export const anyParam = (path: string) => path.replace(/:\w+/g, ':');

/** Every declared endpoint of `service` the service's own code performs. */
export function serviceEndpoints(ctx: Ctx, service: ServiceDecl): Endpoint[] {
  const out: Endpoint[] = [];
  for (const res of service.resources) {
    const m = ctx.models.get(`${service.name}/${res.name}`);
    if (!m) continue;
    const item = `${m.base}/:`;
    const add = (name: string, method: string, url: string, decl: { api?: EndpointApi }, mount: Mount) => {
      const where = `${service.name}: '${res.name}.${name}'`;
      const records = (r: string) => ctx.models.get(`${service.name}/${r}`)!.recordSchema;
      const mountIt = (api: Api, c: Ctx, handler: CallHandler) => mount(api, c, m, defOf(where, decl.api, records, handler));
      out.push({ name: `${res.name}.${name}`, servedBy: decl.api?.call, method, url: anyParam(url), mount: mountIt });
    };
    for (const c of res.commands ?? []) {
      if (c.kind || c.on === 'selection') continue;
      const url = c.address === 'call' ? madeAtCall(service, res.name, c) : `${c.on === 'item' ? item : m.base}${c.path}`;
      add(c.name, c.method, url, c, (a, x, mm, d) => mountCommandCall(a, x, mm, c.name, d));
    }
    for (const a of res.actions ?? []) {
      if (a.implementedBy !== 'service') continue;
      const call = actionCall(service, a);
      add(a.name, call.method, `${item}${call.path}`, a, (ap, x, mm, d) => mountActionCall(ap, x, mm, a.name, d));
    }
    for (const d of res.details ?? []) add(d.name, 'GET', `${item}${d.path}`, d, (a, x, mm, def) => mountDetailCall(a, x, mm, d.name, def));
    for (const v of res.views ?? []) {
      if (!v.rowsOf) add(v.name, v.method ?? 'GET', `${item}${v.path}`, v, (a, x, mm, d) => mountViewCall(a, x, mm, v.name, d));
      for (const rc of v.rowCommands ?? []) {
        add(`${v.name}.${rc.name}`, rc.method, `${item}${v.path}${rc.path}`, rc, (a, x, mm, d) => mountRowCommandCall(a, x, mm, v.name, rc.name, d));
      }
    }
  }
  return out;
}

/** The address of a command made at its declared call (`address: 'call'`): that call's, with the command's method. */
function madeAtCall(service: ServiceDecl, resource: string, c: CommandDecl): string {
  const call = c.api?.call ? service.calls?.[c.api.call] : undefined;
  const where = `${service.name}: '${resource}.${c.name}'`;
  if (!call) throw new Error(`${where} is made at a call, but its api.call names no declared call`);
  if (c.on !== 'collection' || c.path !== '' || call.method !== c.method) throw new Error(`${where}: made at call '${c.api!.call}', it is a collection command with its method and no path of its own`);
  return callUrl(service.base, call);
}

/** The mount's description from the declaration's `api`, the behaviour given a declared call's input. */
function defOf(where: string, api: EndpointApi | undefined, records: (resource: string) => JsonSchema, handler: CallHandler): ServiceCallDef {
  if (!api?.summary) throw new Error(`${where}: the service performs it, so its declaration says its api.summary`);
  return {
    summary: api.summary,
    ...(api.answer ? { answer: { ...api.answer, schema: placeRecords(api.answer.schema, records) } } : {}),
    ...(api.errors ? { errors: errorResponses(...api.errors) } : {}),
    ...(api.query ? { query: api.query } : {}),
    handler: (call: ServiceCall) =>
      handler({
        req: call.req,
        reply: call.reply,
        scopeId: call.access.scopeId,
        actor: call.access.principal.actor,
        params: call.req.params as Record<string, string>,
        input: api.query ? (call.req.query as Record<string, unknown>) : call.body,
        record: call.record,
      }),
  };
}
