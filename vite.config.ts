import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { services } from './resources/index.ts';
import { formValidators } from './scripts/form-validators.ts';
import { precompress } from './scripts/precompress.ts';
import { chunkLayers } from './scripts/chunk-layers.ts';
import { siteLibraries } from './scripts/site-libraries.ts';
import { docsSearchIndex } from './scripts/docs-search-index.ts';
import { apiReferencePassages } from './scripts/docs-api-passages.ts';
import { antdStaticStyle } from './scripts/antd-static-style.ts';
import { routeManifest } from './scripts/route-manifest.ts';
import { consolePreload, serviceModules } from './scripts/console-preload.ts';
import { EARLY_MODULE } from './server/console-page.ts';
import { serviceLoaders } from './resources/service-loaders.ts';
import { pureLibraries } from './scripts/pure-libraries.ts';
import { productionRouter } from './scripts/production-router.ts';
import { APP_BASE } from './src/engine/routes.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
// The platform's paths plus the first segment of every declared service base (e.g. /uconfig).
const servicePaths = [...new Set(services.map((s) => `/${s.base.split('/')[1]}`))];
const apiPaths = ['/auth', '/api', '/base', '/openapi.json', '/api-docs', '/healthz', '/blob', '/web-version.json', ...servicePaths];

// The antd components whose styles a list page opened directly shows before its rows (the app's layout, its menu and
// header, the table, its bar and tabs, an empty or failed list): the first of antd's two style sheets; the other, near
// three fifths of the whole, is linked once the rows are in (scripts/antd-static-style.ts, server/console-page.ts).
const FIRST_STYLES = ['App', 'Layout', 'Menu', 'Breadcrumb', 'Avatar', 'Dropdown', 'Button', 'Space', 'Flex', 'Typography', 'Tag', 'Badge', 'Card', 'Alert', 'Result', 'Table', 'Pagination', 'Checkbox', 'Input', 'Select', 'Tabs', 'Spin', 'Empty'];

// What reads the sources: React, the console forms' checks compiled from the declarations (no code generated in the
// browser), the route manifest the entry reads to start a deep link's page and first read at once, Ant Design's
// styles for the console's theme (computed once here rather than on every page load), the libraries whose unused
// modules are left out, and React Router's production build.
const sourcePlugins = () => [
  react(),
  formValidators(),
  docsSearchIndex('docs/site', apiReferencePassages),
  siteLibraries(),
  routeManifest(),
  antdStaticStyle({ first: FIRST_STYLES }),
  pureLibraries(),
  productionRouter(),
];

// The screens whose code loads in a few files rather than one per shared module (scripts/chunk-layers.ts): the
// sign-in page, the console shell (the console, an app's layout, the terms prompt), and the declared list page.
const layers = [
  { name: 'sign-in', modules: ['src/pages/LoginPage.tsx'] },
  { name: 'console', modules: ['src/Console.tsx', 'src/pages/layout/AppLayout.tsx', 'src/pages/account/PolicyPrompt.tsx'] },
  { name: 'list', modules: ['src/engine/ResourceListPage.tsx'] },
];

// What an app's page opened directly loads (the console shell's and the list page's layers): named in the page the
// server sends for an address under the app console's base, for the browser to ask beside the entry.
// With them, the declarations of the services the address's page shows (each service's loads on its own).
const appPagePreload = consolePreload({
  base: `${APP_BASE.split('/:')[0]}/`,
  modules: layers.filter((l) => l.name !== 'sign-in').flatMap((l) => l.modules),
  services: serviceModules(serviceLoaders),
});

export default defineConfig({
  // precompress: brotli and gzip copies of the built files, which the server sends as they are.
  plugins: [...sourcePlugins(), chunkLayers({ layers, publicRoutes: 'src/routes/public.tsx', plugins: sourcePlugins }), appPagePreload, precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  // The manifest lets the bundle-budget test tell what loads first (dotfiles are not served).
  // A second entry, src/early.ts: the page's first script on its own (server/console-page.ts names it in the page).
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    rolldownOptions: { input: { index: resolve(import.meta.dirname, 'index.html'), early: resolve(import.meta.dirname, EARLY_MODULE) } },
  },
});
