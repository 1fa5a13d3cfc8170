import type { ResourceDecl, ServiceDecl } from './types';
import { ai } from './ai.ts';
import { assetStreaming } from './asset-streaming.ts';
import { baking } from './baking.ts';
import { remoteConfig } from './config.ts';
import { device } from './device.ts';
import { func } from './func.ts';
import { funcStateless } from './func-stateless.ts';
import { hello } from './hello.ts';
import { match } from './match.ts';
import { metrics } from './metrics.ts';
import { multiverse } from './multiverse.ts';
import { passport } from './passport.ts';
import { push } from './push.ts';
import { safe } from './safe.ts';
import { save } from './save.ts';
import { stacktrace } from './stacktrace.ts';
import { storage } from './storage.ts';
import { upr } from './upr.ts';
import { usync } from './usync.ts';
import { wind } from './wind.ts';

export type * from './types';

/**
 * Every service, in catalogue order: the main services first, then player data, runtime, tooling and the rest.
 * Adding a service is adding its declaration here.
 */
export const services: ServiceDecl[] = [
  passport,
  multiverse,
  usync,
  assetStreaming,
  func,
  funcStateless,
  remoteConfig,
  save,
  storage,
  match,
  push,
  hello,
  stacktrace,
  baking,
  safe,
  device,
  upr,
  wind,
  metrics,
  ai,
];

export function findService(name: string): ServiceDecl | undefined {
  return services.find((s) => s.name === name);
}

export function findResource(serviceName: string, resourceName: string): ResourceDecl | undefined {
  return findService(serviceName)?.resources.find((r) => r.name === resourceName);
}
