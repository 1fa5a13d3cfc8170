import { passport } from '../../resources/passport';
import type { JsonSchema, ServiceDecl } from '../../resources/types';
import type { RouteDef } from './api';
import { identifiedSchemas } from './openapi-schemas';
import { STATUS_ERRORS } from './errors';

/**
 * Fastify's `:name` parameters as OpenAPI `{name}`, and a trailing wildcard as the `{*}` parameter Fastify names `*`.
 * A colon inside a segment after text stays literal.
 */
export const toOpenApiPath = (url: string) => url.replace(/(^|\/):([A-Za-z0-9_]+)/g, '$1{$2}').replace(/\/\*$/, '/{*}');

/** OpenAPI 3.1's default schema dialect: JSON Schema 2020-12 with the OpenAPI vocabulary (what the schemas are). */
const OAS_BASE_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/**
 * The document's tags, one group of operations each: every declared service that has operations (named by its
 * key, described by its catalogue entry) in catalogue order, then the platform's own areas in the order they were
 * mounted.
 */
function tagsOf(routes: RouteDef[], services: ServiceDecl[]): { name: string; description?: string }[] {
  const used = new Set(routes.map((r) => r.tag));
  const declared = services
    .filter((s) => used.has(s.name))
    .map((s) => ({ name: s.name, description: `**${s.catalogue.displayName.en}** — ${s.catalogue.description.en}` }));
  const platform = [...used].filter((t) => !services.some((s) => s.name === t)).map((name) => ({ name }));
  return [...declared, ...platform];
}

function parameters(def: RouteDef) {
  const out: unknown[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.querystring],
  ] as const) {
    if (!schema) continue;
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = (schema.required ?? []) as string[];
    for (const [name, s] of Object.entries(props)) {
      const array = s.type === 'array';
      out.push({
        name,
        in: where,
        required: where === 'path' || required.includes(name),
        schema: s,
        ...(array ? { style: 'form', explode: true } : {}),
      });
    }
  }
  return out;
}

const security = {
  none: [],
  session: [{ session: [] }],
  admin: [{ adminSession: [] }],
  service: [{ appCredential: [] }, { adminSession: [], adminAppId: [] }],
  platform: [{ appCredential: [] }, { adminSession: [] }],
  player: [{ playerToken: [] }],
};

/** A body that is a file's raw bytes: each media type taken, and `application/octet-stream`, as a binary string. */
function fileRequestBody(types: string[]) {
  const binary = { schema: { type: 'string', format: 'binary' } };
  return { required: true, content: Object.fromEntries([...new Set([...types, 'application/octet-stream'])].map((t) => [t, binary])) };
}

/** The OpenAPI 3.1 document of every operation the server mounted, grouped by the declared services it mounted. */
export function buildOpenApi(routes: RouteDef[], version: string, services: ServiceDecl[] = []): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas = identifiedSchemas();
  for (const def of routes) {
    const path = toOpenApiPath(def.url);
    const body = def.body ?? def.optionalBody;
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = {
      summary: def.summary,
      tags: [def.tag],
      operationId: `${def.method.toLowerCase()}${def.url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      security: security[def.auth],
      // Who may call it (RouteDef.access): organisation roles and the back office, beyond the scheme above.
      ...(def.access ? { 'x-access': def.access } : {}),
      parameters: schemas.place(parameters(def)),
      ...(body ? { requestBody: { required: !def.optionalBody, content: { 'application/json': { schema: schemas.place(body) } } } } : {}),
      ...(def.fileBody ? { requestBody: fileRequestBody(def.fileBody) } : {}),
      responses: Object.fromEntries(
        Object.entries(def.responses).map(([code, r]) => [
          code,
          {
            ...(r.schema ? { description: r.description, content: { 'application/json': { schema: schemas.place(r.schema) } } } : { description: r.description }),
            // An error status's codes and messages: the call's own, or those the engine answers with it.
            ...(Number(code) >= 400 ? { 'x-errors': r.errors ?? STATUS_ERRORS[Number(code)] ?? [] } : {}),
          },
        ]),
      ),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lodestar API',
      version,
      description:
        'Every call of the platform and its services, generated from the service declarations and their JSON Schemas. ' +
        "A game's servers call the service APIs with the app's AppId and AppServiceSecret (HTTP Basic); the app's settings page in the console shows both.",
    },
    jsonSchemaDialect: OAS_BASE_DIALECT,
    tags: tagsOf(routes, services),
    paths,
    components: {
      ...(Object.keys(schemas.components).length ? { schemas: schemas.components } : {}),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sst' },
        adminSession: { type: 'apiKey', in: 'cookie', name: 'admin_sst' },
        adminAppId: { type: 'apiKey', in: 'header', name: 'X-App-Id', description: 'Also send the same id in X-Lodestar-App-Id.' },
        appCredential: { type: 'http', scheme: 'basic', description: 'AppId:AppServiceSecret' },
        playerToken: { type: 'http', scheme: 'bearer', description: `A player token from POST ${passport.base}/login/external` },
      },
    },
  };
}
