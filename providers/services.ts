import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ResourceDecl, ServiceDecl } from '../resources/types';
import { serviceLoaders, serviceNames, servicesNamedBy } from '../resources/service-loaders';

/**
 * The console's services: each service's declaration is loaded when a screen first needs it (resources/service-
 * loaders.ts), not with the console's code, so a page of one service opened directly reads and runs that service's
 * declarations and schemas only; the rest load after its first content (src/Console.tsx). `services` holds the
 * loaded ones, in catalogue order; the screens read it as they render, and re-render as more arrive
 * (`useServicesLoaded`). The server and the build read resources/index.ts, where every service is loaded at once.
 */
export const services: ServiceDecl[] = [];

const loading = new Map<string, Promise<ServiceDecl>>();
const listeners = new Set<() => void>();
let version = 0;

const rank = (name: string) => serviceNames.indexOf(name);

/** Puts a loaded declaration among `services`, in catalogue order; the screens hear of it with the rest of its batch. */
function arrived(decl: ServiceDecl): void {
  if (services.includes(decl)) return;
  const at = services.findIndex((s) => rank(s.name) > rank(decl.name));
  services.splice(at < 0 ? services.length : at, 0, decl);
}

/** Tells the screens that services arrived: once per batch asked for, so twenty services are one render, not twenty. */
function announce(): void {
  if (version === services.length) return;
  version = services.length;
  listeners.forEach((listener) => listener());
}

/** One service's declaration, loaded once. */
function loadOne(name: string): Promise<ServiceDecl> {
  let pending = loading.get(name);
  if (!pending) {
    const loader = serviceLoaders.find(([n]) => n === name)?.[1];
    if (!loader) return Promise.reject(new Error(`No service named "${name}"`));
    pending = loader().then(
      (decl) => {
        arrived(decl);
        return decl;
      },
      (error: unknown) => {
        // Not kept: a later screen asks again (a chunk the network dropped).
        loading.delete(name);
        throw error;
      },
    );
    loading.set(name, pending);
  }
  return pending;
}

/**
 * A service's declaration and those it names (see `servicesNamedBy`), and theirs, each once (services may name each
 * other): `servicesWithNamed` as the services load.
 */
async function loadNamed(name: string, asked: Set<string>): Promise<void> {
  if (asked.has(name)) return;
  asked.add(name);
  const decl = await loadOne(name);
  await Promise.all(servicesNamedBy(decl).map((other) => loadNamed(other, asked)));
}

/**
 * Adds declarations already loaded (with everything they name): where they are imported whole rather than one by one
 * (the build reading the routes, the tests).
 */
export function registerServices(decls: ServiceDecl[]): void {
  for (const decl of decls) {
    loading.set(decl.name, Promise.resolve(decl));
    arrived(decl);
  }
  announce();
}

/** Loads the named services (all of them when none are named) and those they name; resolves once they are in `services`. */
export async function loadServices(names: string[] = serviceNames): Promise<void> {
  const asked = new Set<string>();
  try {
    await Promise.all(names.filter((name) => serviceNames.includes(name)).map((name) => loadNamed(name, asked)));
  } finally {
    announce();
  }
}

/** The named services with those they name, and theirs, among the loaded ones (what `loadServices` loads for them). */
export function servicesWithNamed(names: string[]): string[] {
  const found = new Set<string>();
  const add = (name: string) => {
    if (found.has(name)) return;
    found.add(name);
    const decl = findService(name);
    if (decl) servicesNamedBy(decl).forEach(add);
  };
  names.forEach(add);
  return [...found];
}

/** Whether the named services (all when none are named) are loaded. */
export const servicesLoaded = (names: string[] = serviceNames): boolean => names.every((name) => !serviceNames.includes(name) || services.some((s) => s.name === name));

/** Resolves once the named services are loaded, without asking for them: when something else has (or has already). */
export function whenServicesLoaded(names: string[]): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!servicesLoaded(names)) return;
      listeners.delete(check);
      resolve();
    };
    listeners.add(check);
    check();
  });
}

/** A number that changes whenever a service arrives: what a screen built from `services` re-renders on. */
export function useServicesVersion(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}

/**
 * Whether the named services (all when none are named) are loaded, starting to load them if not: a screen that
 * needs them renders its loading state until then.
 */
export function useServicesLoaded(names?: string[]): boolean {
  useServicesVersion();
  const ready = servicesLoaded(names);
  const [failed, setFailed] = useState<unknown>();
  const key = names?.join(',');
  useEffect(() => {
    if (!ready) loadServices(names).catch(setFailed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, key]);
  if (failed) throw failed;
  return ready;
}

export function findService(name: string): ServiceDecl | undefined {
  return services.find((s) => s.name === name);
}

export function findResource(serviceName: string, resourceName: string): ResourceDecl | undefined {
  return findService(serviceName)?.resources.find((r) => r.name === resourceName);
}
