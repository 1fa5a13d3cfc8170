import type { ResourceDecl, ServiceDecl } from './types';
import { remoteConfig } from './config.ts';

export type * from './types';

/** Every service, in catalogue order. Adding a service is adding its declaration here. */
export const services: ServiceDecl[] = [remoteConfig];

export function findService(name: string): ServiceDecl | undefined {
  return services.find((s) => s.name === name);
}

export function findResource(serviceName: string, resourceName: string): ResourceDecl | undefined {
  return findService(serviceName)?.resources.find((r) => r.name === resourceName);
}
