import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_REFERENCE_PATH } from '../../resources/api-reference';

const file = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url));

/**
 * The API reference: Swagger UI over the server's OpenAPI document, as Lodestar's (title, logo, favicon, colours),
 * its operations folded into one group per service with a search box over paths and summaries (`search.js`).
 * Everything loads from this server: no validator badge (it would call validator.swagger.io), no inline script.
 */
export async function registerApiReference(app: FastifyInstance, document: Record<string, unknown>): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    uiConfig: { validatorUrl: null, docExpansion: 'none', filter: true, deepLinking: true, defaultModelsExpandDepth: -1, displayRequestDuration: true },
    logo: { type: 'image/svg+xml', content: file('logo.svg') },
    theme: {
      title: 'Lodestar API reference',
      css: [{ filename: 'lodestar.css', content: file('theme.css').toString('utf8') }],
      js: [{ filename: 'search.js', content: file('search.js').toString('utf8') }],
      favicon: [{ filename: 'lodestar.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: file('lodestar.svg') }],
    },
  });
}
