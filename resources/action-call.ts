import type { ActionDecl, ServiceDecl } from './types';

/**
 * How a state action is called: its declared method and path, or its convention's — REST `PUT <item>/<name>`,
 * passport `POST <item>/<name>` (spec 002 §7). The server mounts it and the console calls it from this one answer.
 */
export function actionCall(service: ServiceDecl, action: ActionDecl): { method: 'POST' | 'PUT'; path: string } {
  return {
    method: action.method ?? (service.convention === 'passport' ? 'POST' : 'PUT'),
    path: action.path ?? `/${action.name}`,
  };
}
