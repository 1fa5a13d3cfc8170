import Ajv2020 from 'ajv/dist/2020';

/**
 * The rules of OpenAPI 3.1.0 (https://spec.openapis.org/oas/v3.1.0) that the server's document uses, checked with
 * ajv: the objects' shapes (as in the specification's own schema, extensions `x-…` allowed where it allows them),
 * every Schema Object against the JSON Schema 2020-12 meta-schema, and the rules a schema cannot say (unique
 * operation ids and parameters, path parameters matching the path's template, declared security schemes, `$ref`s
 * that resolve, one schema per `$id`) — plus two of this server's own: every operation says what it answers and its
 * tags are declared in the document's `tags`.
 */

const ext = { '^x-': {} };
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  required,
  properties,
  patternProperties: ext,
  additionalProperties: false,
});
const str = { type: 'string' };
const uri = { type: 'string', format: 'uri' };
const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const mapOf = (def: unknown) => ({ type: 'object', additionalProperties: def });
const schemaObject = { type: ['object', 'boolean'] };

const OAS_31 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  ...closed(
    {
      openapi: { type: 'string', pattern: '^3\\.1\\.\\d+(-.+)?$' },
      info: ref('info'),
      jsonSchemaDialect: uri,
      servers: { type: 'array', items: closed({ url: str, description: str }, ['url']) },
      paths: { type: 'object', propertyNames: { pattern: '^/' }, patternProperties: ext, additionalProperties: ref('pathItem') },
      webhooks: mapOf(ref('pathItem')),
      components: ref('components'),
      security: { type: 'array', items: ref('securityRequirement') },
      tags: { type: 'array', items: closed({ name: str, description: str, externalDocs: ref('externalDocs') }, ['name']) },
      externalDocs: ref('externalDocs'),
    },
    ['openapi', 'info'],
  ),
  anyOf: [{ required: ['paths'] }, { required: ['components'] }, { required: ['webhooks'] }],
  $defs: {
    info: closed(
      {
        title: str,
        summary: str,
        description: str,
        termsOfService: uri,
        contact: closed({ name: str, url: uri, email: str }),
        license: closed({ name: str, identifier: str, url: uri }, ['name']),
        version: str,
      },
      ['title', 'version'],
    ),
    externalDocs: closed({ description: str, url: uri }, ['url']),
    pathItem: closed({
      $ref: str,
      summary: str,
      description: str,
      get: ref('operation'),
      put: ref('operation'),
      post: ref('operation'),
      delete: ref('operation'),
      options: ref('operation'),
      head: ref('operation'),
      patch: ref('operation'),
      trace: ref('operation'),
      parameters: { type: 'array', items: ref('parameter') },
    }),
    operation: closed(
      {
        tags: { type: 'array', items: str },
        summary: str,
        description: str,
        externalDocs: ref('externalDocs'),
        operationId: str,
        parameters: { type: 'array', items: ref('parameter') },
        requestBody: ref('requestBody'),
        responses: ref('responses'),
        callbacks: mapOf({ type: 'object' }),
        deprecated: { type: 'boolean' },
        security: { type: 'array', items: ref('securityRequirement') },
      },
      // Required by this server (3.1 allows leaving responses out): every call says what it answers.
      ['responses'],
    ),
    parameter: {
      ...closed(
        {
          name: str,
          in: { enum: ['query', 'header', 'path', 'cookie'] },
          description: str,
          required: { type: 'boolean' },
          deprecated: { type: 'boolean' },
          allowEmptyValue: { type: 'boolean' },
          style: { enum: ['matrix', 'label', 'simple', 'form', 'spaceDelimited', 'pipeDelimited', 'deepObject'] },
          explode: { type: 'boolean' },
          allowReserved: { type: 'boolean' },
          schema: schemaObject,
          example: true,
          examples: { type: 'object' },
          content: mapOf(ref('mediaType')),
        },
        ['name', 'in'],
      ),
      oneOf: [{ required: ['schema'] }, { required: ['content'] }],
      if: { properties: { in: { const: 'path' } } },
      then: { required: ['required'], properties: { required: { const: true } } },
    },
    requestBody: closed({ description: str, content: mapOf(ref('mediaType')), required: { type: 'boolean' } }, ['content']),
    mediaType: closed({ schema: schemaObject, example: true, examples: { type: 'object' }, encoding: { type: 'object' } }),
    responses: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: '^([1-5](\\d{2}|XX)|default|x-.*)$' },
      additionalProperties: ref('response'),
    },
    response: closed({ description: str, headers: { type: 'object' }, content: mapOf(ref('mediaType')), links: { type: 'object' } }, ['description']),
    components: closed({
      schemas: { type: 'object', propertyNames: { pattern: '^[A-Za-z0-9._-]+$' }, additionalProperties: schemaObject },
      securitySchemes: { type: 'object', propertyNames: { pattern: '^[A-Za-z0-9._-]+$' }, additionalProperties: ref('securityScheme') },
    }),
    securityScheme: {
      ...closed({
        type: { enum: ['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'] },
        description: str,
        name: str,
        in: { enum: ['query', 'header', 'cookie'] },
        scheme: str,
        bearerFormat: str,
        flows: { type: 'object' },
        openIdConnectUrl: uri,
      }),
      required: ['type'],
      allOf: [
        { if: { properties: { type: { const: 'apiKey' } } }, then: { required: ['name', 'in'] } },
        { if: { properties: { type: { const: 'http' } } }, then: { required: ['scheme'] } },
      ],
    },
    securityRequirement: mapOf({ type: 'array', items: str }),
  },
};

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The Schema Objects of a document, each with where it is. */
function schemaObjects(doc: Json): [string, unknown][] {
  const out: [string, unknown][] = [];
  const media = (where: string, content: unknown) => {
    for (const [type, m] of Object.entries((content ?? {}) as Record<string, Json>)) if ('schema' in m) out.push([`${where} ${type}`, m.schema]);
  };
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS.filter((m) => item[m])) {
      const op = item[method] as Json;
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters ?? []) as Json[]) if (p.schema !== undefined) out.push([`${where} parameter ${p.in} ${p.name}`, p.schema]);
      media(`${where} request`, (op.requestBody as Json | undefined)?.content);
      for (const [code, r] of Object.entries((op.responses ?? {}) as Record<string, Json>)) media(`${where} ${code}`, r.content);
    }
  }
  for (const [name, s] of Object.entries(((doc.components as Json | undefined)?.schemas ?? {}) as Json)) out.push([`components.schemas.${name}`, s]);
  return out;
}

/** Every value of one keyword (`$ref`, `$id`) in a value, with where it is. */
function keywordIn(keyword: string, value: unknown, where: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((v, i) => keywordIn(keyword, v, `${where}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === keyword && typeof v === 'string') out.push([where, v]);
      else keywordIn(keyword, v, `${where}/${k}`, out);
    }
  }
  return out;
}

/** A JSON pointer in the document (`#/components/schemas/x`). */
function resolves(doc: Json, pointer: string): boolean {
  if (!pointer.startsWith('#/')) return false;
  let at: unknown = doc;
  for (const raw of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!at || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Json)[key];
  }
  return true;
}

/** What is wrong with an OpenAPI 3.1 document: empty when it follows the rules above. */
export function openApiProblems(doc: Json): string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  const problems: string[] = [];
  const check = ajv.compile(OAS_31);
  if (!check(doc)) problems.push(...(check.errors ?? []).slice(0, 20).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`));

  for (const [where, schema] of schemaObjects(doc)) {
    if (!ajv.validateSchema(schema as object)) problems.push(`${where}: not a JSON Schema 2020-12 schema: ${ajv.errorsText(ajv.errors)}`);
  }
  const all = (keyword: string) => keywordIn(keyword, doc.paths, '#/paths').concat(keywordIn(keyword, doc.components, '#/components'));
  for (const [where, target] of all('$ref')) {
    if (!resolves(doc, target)) problems.push(`${where}: $ref ${target} does not resolve in the document`);
  }
  // Two schemas with one `$id` name two resources alike: JSON Schema leaves what a reference to it means undefined.
  const named = new Map<string, string>();
  for (const [where, id] of all('$id')) {
    if (named.has(id)) problems.push(`${where}: $id ${id} also names ${named.get(id)}`);
    named.set(id, where);
  }

  const ids = new Set<string>();
  const schemes = Object.keys(((doc.components as Json | undefined)?.securitySchemes ?? {}) as Json);
  const tags = new Set(((doc.tags ?? []) as Json[]).map((t) => t.name as string));
  if (tags.size !== ((doc.tags ?? []) as unknown[]).length) problems.push('tags: a tag is declared twice');
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const template = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    for (const method of METHODS.filter((m) => item[m])) {
      const op = item[method] as Json;
      const where = `${method.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []) as Json[];
      const inPath = params.filter((p) => p.in === 'path').map((p) => p.name as string).sort();
      if (JSON.stringify(inPath) !== JSON.stringify(template)) problems.push(`${where}: path parameters ${inPath} do not match the template's ${template}`);
      const keys = params.map((p) => `${p.in} ${p.name}`);
      if (new Set(keys).size !== keys.length) problems.push(`${where}: a parameter is listed twice`);
      const id = op.operationId as string | undefined;
      if (id !== undefined) {
        if (ids.has(id)) problems.push(`${where}: operationId ${id} is not unique`);
        ids.add(id);
      }
      for (const req of (op.security ?? []) as Json[]) for (const name of Object.keys(req)) if (!schemes.includes(name)) problems.push(`${where}: security scheme ${name} is not declared`);
      for (const tag of (op.tags ?? []) as string[]) if (!tags.has(tag)) problems.push(`${where}: tag ${tag} is not declared in the document's tags`);
    }
  }
  return problems;
}
