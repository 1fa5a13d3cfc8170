/**
 * The console's route manifest as a module the entry imports (`virtual:route-manifest`): which engine page each
 * declared address opens and a list's first reads (src/engine/route-manifest.ts), computed from the declarations by
 * src/engine/route-reads.ts when the console is built or served. In the same pass, the services' menus
 * (`virtual:menu-manifest`, src/engine/service-menus.ts), which the console's menu is drawn from.
 */
import { resolve } from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { ROUTE_MANIFEST_FILE, type ManifestRoute } from '../src/engine/route-manifest.ts';
import type { ServiceMenu } from '../src/engine/menu.ts';

export const ROUTE_MANIFEST = 'virtual:route-manifest';
export const MENU_MANIFEST = 'virtual:menu-manifest';
const RESOLVED = `\0${ROUTE_MANIFEST}`;
const RESOLVED_MENUS = `\0${MENU_MANIFEST}`;

interface Manifests {
  routes: ManifestRoute[];
  menus: ServiceMenu[];
}

/**
 * The manifests, read by loading the console's declarations and data providers on the server. Those modules set the
 * page's language as they load: a stand-in page takes it when there is none.
 */
export async function readManifests(root: string): Promise<Manifests> {
  const scope = globalThis as { document?: unknown };
  const standIn = scope.document === undefined;
  if (standIn) scope.document = { documentElement: {}, cookie: '' };
  try {
    const loaded = await runnerImport<typeof import('../src/engine/route-reads.ts')>(resolve(root, 'src/engine/route-reads.ts'), {
      configFile: false,
      root,
      logLevel: 'warn',
    });
    return { routes: await loaded.module.routeManifest(), menus: loaded.module.menuManifest() };
  } finally {
    if (standIn) delete scope.document;
  }
}

/** Read once per process and root (the chunk-layer probe's build and the real one both ask). */
const manifests = new Map<string, Promise<Manifests>>();

function manifestOf(root: string): Promise<Manifests> {
  if (!manifests.has(root)) manifests.set(root, readManifests(root));
  return manifests.get(root)!;
}

/** The build step: `virtual:route-manifest` is the manifest, also written beside the build's manifest; `virtual:menu-manifest` the menus. */
export function routeManifest(): Plugin {
  let root = process.cwd();
  return {
    name: 'lodestar-route-manifest',
    configResolved(config) {
      root = config.root;
    },
    // Read before any module is transformed: loading the declarations answers slowly while a build transforms
    // alongside it on the same thread (each module they fetch must answer within a minute).
    async buildStart() {
      await manifestOf(root);
    },
    resolveId: (id) => (id === ROUTE_MANIFEST ? RESOLVED : id === MENU_MANIFEST ? RESOLVED_MENUS : undefined),
    async load(id) {
      if (id === RESOLVED) return `export default ${JSON.stringify((await manifestOf(root)).routes)};`;
      if (id === RESOLVED_MENUS) return `export default ${JSON.stringify((await manifestOf(root)).menus)};`;
      return undefined;
    },
    // The server reads it too, to carry a deep link's first answers in the page (server/console-carried.ts).
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: ROUTE_MANIFEST_FILE, source: JSON.stringify((await manifestOf(root)).routes) });
    },
  };
}
