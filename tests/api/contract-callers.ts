import type { InjectOptions } from 'fastify';
import { actionAccess } from '../../resources/field-access';
import { actionSent } from '../../resources/action-call';
import type { ActionDecl, Principal, ResourceDecl } from '../../resources/types';
import type { Harness } from './harness';
import { adminOf } from './passport-identity-fixtures';
import { sampleOf } from './sample-input';

/** The callers of an app's service API the contract tests play: the app credential and an administrator naming the app. */
export const SERVICE_CALLERS = ['app', 'admin'] as const satisfies readonly Principal[];
export type ServiceCaller = (typeof SERVICE_CALLERS)[number];

export async function serviceCallers(h: Harness): Promise<Record<ServiceCaller, Record<string, string>>> {
  return { app: { authorization: h.basic }, admin: await adminOf(h) };
}

/** A call with these headers, the payload sent as JSON when given. */
export function callWith(h: Harness, headers: Record<string, string>, method: InjectOptions['method'], url: string, payload?: unknown) {
  return h.req({
    method,
    url,
    headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** Who may call the action among the callers played, and who may not. */
export function actionCallers(res: ResourceDecl, action: ActionDecl): { allowed: ServiceCaller[]; refused: ServiceCaller[] } {
  const access = actionAccess(res, action);
  return { allowed: SERVICE_CALLERS.filter((p) => access.includes(p)), refused: SERVICE_CALLERS.filter((p) => !access.includes(p)) };
}

/** A valid body for the action: a sample of its fields when it requires some (with the value it sends), otherwise none. */
export function actionPayload(action: ActionDecl): unknown {
  const required = Array.isArray(action.fields?.required) && (action.fields.required as unknown[]).length > 0;
  const sent = actionSent(action);
  if (required) return { ...(sampleOf(action.fields) as object), ...sent };
  return action.sends ? sent : undefined;
}
