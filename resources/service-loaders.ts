import type { ServiceDecl } from './types';

/**
 * Every service's declaration as the console loads it: on its own, when a screen needs it (providers/services.ts),
 * so a page of one service does not wait for the declarations and schemas of all the others. The same services in
 * the same order as `services` in ./index.ts (tests/unit/service-loaders.test.ts holds the two together): adding a
 * service is adding its line here too.
 */
export const serviceLoaders: [name: string, load: () => Promise<ServiceDecl>][] = [
  ['passport', () => import('./passport.ts').then((m) => m.passport)],
  ['multiverse', () => import('./multiverse.ts').then((m) => m.multiverse)],
  ['usync', () => import('./usync.ts').then((m) => m.usync)],
  ['asset-streaming', () => import('./asset-streaming.ts').then((m) => m.assetStreaming)],
  ['func', () => import('./func.ts').then((m) => m.func)],
  ['func-stateless', () => import('./func-stateless.ts').then((m) => m.funcStateless)],
  ['remote-config', () => import('./config.ts').then((m) => m.remoteConfig)],
  ['save', () => import('./save.ts').then((m) => m.save)],
  ['storage', () => import('./storage.ts').then((m) => m.storage)],
  ['match', () => import('./match.ts').then((m) => m.match)],
  ['push', () => import('./push.ts').then((m) => m.push)],
  ['hello', () => import('./hello.ts').then((m) => m.hello)],
  ['stacktrace', () => import('./stacktrace.ts').then((m) => m.stacktrace)],
  ['baking', () => import('./baking.ts').then((m) => m.baking)],
  ['safe', () => import('./safe.ts').then((m) => m.safe)],
  ['device', () => import('./device.ts').then((m) => m.device)],
  ['upr', () => import('./upr.ts').then((m) => m.upr)],
  ['wind', () => import('./wind.ts').then((m) => m.wind)],
  ['metrics', () => import('./metrics.ts').then((m) => m.metrics)],
  ['ai', () => import('./ai.ts').then((m) => m.ai)],
];

/** The services' names, in catalogue order, without loading any declaration. */
export const serviceNames: string[] = serviceLoaders.map(([name]) => name);

/**
 * The other services a declaration names (`service: '<name>'` anywhere in it: a borrowed resource, a reference to
 * another service's records): what a screen of it needs loaded beside it.
 */
export function servicesNamedBy(decl: ServiceDecl): string[] {
  const found = new Set<string>();
  const seen = new Set<object>();
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) return value.forEach(walk);
    for (const [key, child] of Object.entries(value)) {
      if (key === 'service' && typeof child === 'string' && child !== decl.name && serviceNames.includes(child)) found.add(child);
      else walk(child);
    }
  };
  walk(decl);
  return [...found];
}
