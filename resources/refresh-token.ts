import { ok } from './call-shapes';
import type { CallDecl } from './call-types';

/**
 * The call that drops the server's cached copy of the app's credentials (a service's `refreshTokenPath`), the same
 * for every service that has one and performed by the engine (`forgetsCredentials`). A path naming the app (`:id`,
 * safe's `/safe/:id/refresh-token`) takes it as the app parameter: another app's id answers 404.
 */
export function refreshTokenCall(path: string): CallDecl {
  const names = path.includes('/:id/');
  return {
    method: 'POST',
    path,
    ...(names ? { appParam: 'id' } : {}),
    caller: 'service',
    freshCredential: true,
    forgetsCredentials: true,
    summary: `Drop the server's cached copy of the app's credentials${names ? ' (id: the app id)' : ''}`,
    answer: ok('refreshed', { type: 'object', properties: { refreshed: { type: 'boolean' } } }),
    errors: names ? [401, 403, 404] : [401, 403],
  };
}
