/**
 * `npm run site:shots` (after `npm run build`): starts the server on fresh demo data and saves the product pages'
 * screenshots from its console as `public/site-shots/<name>.<lang>.png` (`site-shots-take.ts`).
 * `tests/unit/site-pages.test.ts` checks that every shot a product page references exists.
 */
import { join } from 'node:path';
import { ROOT, startServer } from '../tests/e2e/server';
import { takeSiteShots } from './site-shots-take';

const server = await startServer();
try {
  for (const file of await takeSiteShots(server.url, join(ROOT, 'public'))) console.log(file);
} finally {
  await server.stop();
}
