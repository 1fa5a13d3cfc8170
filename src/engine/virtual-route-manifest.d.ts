/** The console's route manifest, computed from the declarations when the console is built (scripts/route-manifest.ts). */
declare module 'virtual:route-manifest' {
  import type { ManifestRoute } from './route-manifest';

  const manifest: ManifestRoute[];
  export default manifest;
}
