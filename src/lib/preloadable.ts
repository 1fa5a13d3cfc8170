import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<T> = { default: T };

/** A lazily loaded component that can be asked for before it renders. */
export type Preloadable<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<Module<ComponentType<P>>> };

/**
 * React.lazy with `preload`: once its code is loaded (asked for ahead by `preload`, or by a first render), the
 * component renders at once instead of suspending. A component that suspends shows its fallback, and React then
 * holds back showing what comes next by up to half a second (its fallback throttle): code a deep link asked for
 * early would otherwise still cost that.
 */
export function preloadable<P extends object>(load: () => Promise<Module<ComponentType<P>>>): Preloadable<P> {
  type T = ComponentType<P>;
  let loaded: Module<T> | undefined;
  let pending: Promise<Module<T>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  // A thenable that answers at once: React.lazy takes a module it calls back with synchronously without suspending.
  const now = (module: Module<T>) => ({ then: (resolve: (m: Module<T>) => void) => resolve(module) }) as unknown as Promise<Module<T>>;
  return Object.assign(
    lazy(() => (loaded ? now(loaded) : preload())),
    { preload },
  );
}

/**
 * Asks for code ahead of time once the browser is idle (at the latest 2 s on): a screen's first drawing does not wait
 * for it. A load that fails here is asked again when the code is needed.
 */
export function preloadWhenIdle(...loads: Array<() => Promise<unknown>>): void {
  const run = () => loads.forEach((load) => void load().catch(() => undefined));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
