/**
 * The console's route manifest as a module the entry imports (`virtual:route-manifest`): which engine page each
 * declared address opens and a list's first reads (src/engine/route-manifest.ts), computed from the declarations by
 * src/engine/route-reads.ts when the console is built or served.
 */
import { resolve } from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { ROUTE_MANIFEST_FILE, type ManifestRoute } from '../src/engine/route-manifest.ts';

export const ROUTE_MANIFEST = 'virtual:route-manifest';
const RESOLVED = `\0${ROUTE_MANIFEST}`;

/**
 * The manifest, read by loading the console's declarations and data providers on the server. Those modules set the
 * page's language as they load: a stand-in page takes it when there is none.
 */
export async function readRouteManifest(root: string): Promise<ManifestRoute[]> {
  const scope = globalThis as { document?: unknown };
  const standIn = scope.document === undefined;
  if (standIn) scope.document = { documentElement: {}, cookie: '' };
  try {
    const loaded = await runnerImport<typeof import('../src/engine/route-reads.ts')>(resolve(root, 'src/engine/route-reads.ts'), {
      configFile: false,
      root,
      logLevel: 'warn',
    });
    return await loaded.module.routeManifest();
  } finally {
    if (standIn) delete scope.document;
  }
}

/** Read once per process and root (the chunk-layer probe's build and the real one both ask). */
const manifests = new Map<string, Promise<ManifestRoute[]>>();

function manifestOf(root: string): Promise<ManifestRoute[]> {
  if (!manifests.has(root)) manifests.set(root, readRouteManifest(root));
  return manifests.get(root)!;
}

/** The build step: `virtual:route-manifest` is the manifest, also written beside the build's manifest. */
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
    resolveId: (id) => (id === ROUTE_MANIFEST ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      return `export default ${JSON.stringify(await manifestOf(root))};`;
    },
    // The server reads it too, to carry a deep link's first answers in the page (server/console-carried.ts).
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: ROUTE_MANIFEST_FILE, source: JSON.stringify(await manifestOf(root)) });
    },
  };
}
