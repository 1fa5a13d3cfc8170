import type { FastifyRequest } from 'fastify';
import type { CallDecl } from '../../resources/call-types';
import type { Principal, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../context';
import type { ResourceModel } from './model';
import { recordOf } from './record-calls';
import type { Data } from './store';
import { idOf } from './write';

/**
 * A declared call on one record (`CallDecl.record`): the resource's model, the access a service call on it needs
 * (the resource's `read` for a GET, its `write` otherwise) and the 404's message.
 */
export interface CallRecord {
  model: ResourceModel;
  mode: 'read' | 'write';
  access: Principal[];
  missing?: string;
}

/**
 * The record a declared call is on, checked at start-up: an app-scoped resource of the service (not a
 * sub-resource), whose item path the call's path starts with. Undefined for a call on no record.
 */
export function callRecordOf(ctx: Ctx, service: ServiceDecl, name: string, call: CallDecl): CallRecord | undefined {
  if (!call.record) return undefined;
  const where = `${service.name}: call '${name}'`;
  const { resource, missing } = call.record;
  const m = ctx.models.get(`${service.name}/${resource}`);
  if (!m) throw new Error(`${where}: its record is of '${resource}', not a resource of the service`);
  if (m.res.scope !== 'app' || m.res.parent) throw new Error(`${where}: '${resource}' is not an app-scoped resource of its own`);
  const item = `${m.base.slice(service.base.length)}/:${m.idParam}`;
  if (call.path !== item && !call.path.startsWith(`${item}/`)) throw new Error(`${where}: its path must start with ${item}`);
  const mode = call.method === 'GET' ? 'read' : 'write';
  return { model: m, mode, access: m.res.access[mode], ...(missing ? { missing } : {}) };
}

/** The record the call's path names in the caller's scope (by id or `addressBy`); 404 without one. */
export const findCallRecord = (ctx: Ctx, on: CallRecord, req: FastifyRequest, scopeId: string): Promise<Data> =>
  recordOf(ctx, on.model, scopeId, idOf(req, on.model), on.missing);
