import type { FastifyRequest } from 'fastify';
import { DOCS_REFERENCE_PATH, DOCS_SECTIONS_PATH, type DocReferenceAnswer, type DocSectionsAnswer } from '../../resources/docs-api';
import type { JsonSchema, ServiceDecl } from '../../resources/types';
import { errorResponses, type Api } from '../engine/api';
import { notFound } from '../engine/errors';
import { mountedServices } from './catalogue';
import { docSections, sectionOfService, serviceReference } from './docs-reference';

const text: JsonSchema = { type: 'object', required: ['zh-CN', 'en'], properties: { 'zh-CN': { type: 'string' }, en: { type: 'string' } } };
const summaryProperties = {
  name: { type: 'string' },
  displayName: text,
  base: { type: 'string', description: 'where its calls are served' },
  available: { type: 'boolean', description: 'built in this deployment: the server mounted calls of it' },
};
const note: JsonSchema = { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, value: { type: 'string' } } };
const fieldRow: JsonSchema = {
  type: 'object',
  required: ['name', 'type', 'required', 'notes'],
  properties: { name: { type: 'string' }, type: { type: 'string' }, required: { type: 'boolean' }, description: { type: 'string' }, notes: { type: 'array', items: note } },
};
const fields: JsonSchema = { type: 'array', items: fieldRow };
const errorRow = {
  status: { type: 'integer' },
  code: { type: 'string' },
  message: { type: 'string', description: 'the English message key the call answers' },
  text: { ...text, description: "the message's text in both languages" },
};
const call: JsonSchema = {
  type: 'object',
  required: ['id', 'method', 'path', 'summary', 'auth', 'pathParams', 'query', 'answers', 'errors', 'curl'],
  properties: {
    id: { type: 'string' },
    method: { type: 'string' },
    path: { type: 'string' },
    summary: { type: 'string' },
    auth: { enum: ['none', 'session', 'admin', 'service', 'player'] },
    access: { type: 'array', items: { type: 'string' } },
    pathParams: fields,
    query: fields,
    body: { type: 'object', required: ['required', 'fields'], properties: { required: { type: 'boolean' }, fields, example: {} } },
    answers: { type: 'array', items: { type: 'object', required: ['status', 'description', 'fields'], properties: { status: { type: 'integer' }, description: { type: 'string' }, fields, example: {} } } },
    errors: { type: 'array', items: { type: 'object', required: ['status', 'code', 'message'], properties: errorRow } },
    curl: { type: 'string', description: 'a curl line; `{origin}` stands for the server address' },
  },
};

/**
 * The documentation's calls, public: which services each documentation section covers, and a section's API
 * reference. Both read the OpenAPI document of what the server mounted (`document()`, made once every route is
 * mounted), so they are mounted before it is made and appear in it.
 */
export function mountDocs(api: Api, services: ServiceDecl[], document: () => Record<string, unknown>): void {
  let sections: DocSectionsAnswer | undefined;
  const references = new Map<string, DocReferenceAnswer>();
  // What is built, by the catalogue's rule; read once every service is mounted (at the first call).
  let served: Set<string> | undefined;
  const available = () => (served ??= mountedServices(api.routes, services));

  api.route({
    method: 'GET',
    url: DOCS_SECTIONS_PATH,
    summary: 'The services each documentation section covers, and whether this deployment has built them',
    tag: 'site',
    auth: 'none',
    responses: {
      200: {
        description: 'by section address under /doc (`passport`, `func/stateful`)',
        schema: {
          type: 'object',
          required: ['sections'],
          properties: { sections: { type: 'object', additionalProperties: { type: 'array', items: { type: 'object', required: Object.keys(summaryProperties), properties: summaryProperties } } } },
        },
      },
    },
    handler: async () => (sections ??= docSections(services, available())),
  });

  api.route({
    method: 'GET',
    url: DOCS_REFERENCE_PATH,
    summary: "A documentation section's API reference: every call of its services with parameters, request, answer, examples and errors",
    tag: 'site',
    auth: 'none',
    querystring: {
      type: 'object',
      additionalProperties: false,
      required: ['section'],
      properties: { section: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+(/[a-z0-9-]+)*$', description: 'the section address under /doc' } },
    },
    responses: {
      200: {
        description: "the section's services, each with its calls and the errors they answer",
        schema: {
          type: 'object',
          required: ['section', 'services'],
          properties: {
            section: { type: 'string' },
            services: {
              type: 'array',
              items: {
                type: 'object',
                required: [...Object.keys(summaryProperties), 'calls', 'errors'],
                properties: {
                  ...summaryProperties,
                  calls: { type: 'array', items: call },
                  errors: { type: 'array', items: { type: 'object', required: ['status', 'code', 'message', 'calls'], properties: { ...errorRow, calls: { type: 'integer' } } } },
                },
              },
            },
          },
        },
      },
      ...errorResponses(400),
      404: { description: 'no declared service is documented under that address', schema: errorResponses(404)[404].schema, errors: [{ code: 'NOT_FOUND', message: 'not found' }] },
    },
    handler: async (req: FastifyRequest) => {
      const { section } = req.query as { section: string };
      const known = references.get(section);
      if (known) return known;
      const covered = services.filter((s) => sectionOfService(s) === section);
      if (covered.length === 0) throw notFound();
      const answer = { section, services: covered.map((s) => serviceReference(document(), s, available())) };
      references.set(section, answer);
      return answer;
    },
  });
}
