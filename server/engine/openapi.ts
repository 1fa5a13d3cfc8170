import { passport } from '../../resources/passport';
import type { JsonSchema } from '../../resources/types';
import type { RouteDef } from './api';

/** Fastify's `:name` parameters as OpenAPI `{name}`. A colon inside a segment after text stays literal. */
export const toOpenApiPath = (url: string) => url.replace(/(^|\/):([A-Za-z0-9_]+)/g, '$1{$2}');

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
  player: [{ playerToken: [] }],
};

/** The OpenAPI 3.1 document of every operation the server mounted. */
export function buildOpenApi(routes: RouteDef[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
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
      parameters: parameters(def),
      ...(body ? { requestBody: { required: !def.optionalBody, content: { 'application/json': { schema: body } } } } : {}),
      responses: Object.fromEntries(
        Object.entries(def.responses).map(([code, r]) => [
          code,
          r.schema ? { description: r.description, content: { 'application/json': { schema: r.schema } } } : { description: r.description },
        ]),
      ),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Lodestar API', version, description: 'Generated from the service declarations and their JSON Schemas.' },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
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
