import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * React Router 7 names only its development build in its package's exports, whatever the mode: its checks and
 * warnings would run on every render of the built console. A build takes the production build the package ships
 * beside it; development keeps the warnings.
 */
export function productionRouter(): Plugin {
  const production = fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url));
  return {
    name: 'lodestar-production-router',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}
