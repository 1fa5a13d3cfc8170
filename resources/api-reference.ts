import type { AppRecord } from './platform';
import { collectionPath } from './relations';
import type { ResourceDecl, ServiceDecl } from './types';

/** Where the server serves its API reference (Swagger UI over `/openapi.json`), linked from the console. */
export const API_REFERENCE_PATH = '/api-docs';

/**
 * The first call a game's server can make with the app's credential, shown on the app's settings page and run by
 * the tests: listing the records of the first resource that the engine serves to the app credential (app-scoped, top
 * level, a collection with a list), of the first service, in catalogue order, that is enabled on the app.
 */
export interface QuickStartCall {
  service: ServiceDecl;
  resource: ResourceDecl;
  method: 'GET';
  path: string;
}

const listableWithCredential = (r: ResourceDecl) =>
  r.scope === 'app' && !r.parent && !r.singleton && !r.implementedBy && r.operations.includes('list') && r.access.read.includes('app');

export function quickStartCall(services: ServiceDecl[], app: Pick<AppRecord, 'Services'>): QuickStartCall | undefined {
  for (const service of services) {
    if (app.Services?.[service.name]?.Status !== 'Enabled') continue;
    const resource = service.resources.find(listableWithCredential);
    if (resource) return { service, resource, method: 'GET', path: collectionPath(service, resource) };
  }
  return undefined;
}

/** A word quoted for a POSIX shell. */
const quoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** The call as a `curl` command with HTTP Basic authentication (`AppId:AppServiceSecret`). */
export function quickStartCurl(origin: string, call: QuickStartCall, appId: string, serviceSecret: string): string {
  return `curl -sS -u ${quoted(`${appId}:${serviceSecret}`)} ${quoted(`${origin.replace(/\/$/, '')}${call.path}`)}`;
}
