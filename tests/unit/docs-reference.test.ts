import { describe, expect, it } from 'vitest';
import { fieldRows, sampleOf, typeOf } from '../../server/site/docs-fields';
import { authOf, callDoc, errorsOf, serviceErrors } from '../../server/site/docs-reference';
import { apiMarkdown, errorTable, escapeMd, fieldTable } from '../../src/pages/doc/reference-markdown';
import { markdownRenderer } from '../../src/pages/doc/markdown-render';

/** A small OpenAPI document: a named record schema, a create call with a body and errors, a read by id. */
const doc = {
  paths: {
    '/game/v1/heroes': {
      post: {
        summary: 'Create a hero',
        tags: ['game'],
        operationId: 'postGameV1Heroes',
        security: [{ appCredential: [] }, { adminSession: [], adminAppId: [] }],
        'x-access': ['app', 'admin'],
        parameters: [{ name: 'dryRun', in: 'query', required: false, schema: { type: 'boolean', default: false } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name', 'class'],
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 40, description: 'Shown to players' },
                  class: { enum: ['mage', 'knight'] },
                  stats: { type: 'object', properties: { hp: { type: 'integer', minimum: 1 } } },
                  skills: { type: 'array', maxItems: 5, items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
                },
              },
            },
          },
        },
        responses: {
          201: { description: 'the hero', content: { 'application/json': { schema: { $ref: '#/components/schemas/hero' } } } },
          401: { description: 'error', 'x-errors': [{ code: 'UNAUTHORIZED', message: 'unauthorized' }] },
          409: { description: 'error', 'x-errors': [{ code: 'DUPLICATE', message: 'duplicate value' }, { code: 'HERO_LIMIT', message: 'no text for this one' }] },
        },
      },
    },
    '/game/v1/heroes/{heroId}': {
      get: {
        summary: 'Read a hero',
        tags: ['game'],
        security: [{ playerToken: [] }],
        parameters: [{ name: 'heroId', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } }],
        responses: { 200: { description: 'the hero', content: { 'application/json': { schema: { $ref: '#/components/schemas/hero' } } } }, 404: { description: 'error', 'x-errors': [{ code: 'NOT_FOUND', message: 'not found' }] } },
      },
    },
  },
  components: {
    schemas: {
      hero: {
        type: 'object',
        required: ['id', 'name'],
        examples: [{ id: 'h1', name: 'Ayla', tags: ['fast'] }],
        properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, tags: { type: ['array', 'null'], items: { type: 'string' } } },
      },
    },
  },
};

const create = () => callDoc(doc, '/game/v1/heroes', 'POST', doc.paths['/game/v1/heroes'].post);
const read = () => callDoc(doc, '/game/v1/heroes/{heroId}', 'GET', doc.paths['/game/v1/heroes/{heroId}'].get);

describe("the API reference's shaping", () => {
  it('reads a schema as field rows: nested objects under their name, list items under [], limits as notes', () => {
    const rows = fieldRows(doc, doc.paths['/game/v1/heroes'].post.requestBody.content['application/json'].schema);
    expect(rows.map((r) => [r.name, r.type, r.required])).toEqual([
      ['name', 'string', true],
      ['class', '"mage" | "knight"', true],
      ['stats', 'object', false],
      ['stats.hp', 'integer', false],
      ['skills', 'object[]', false],
      ['skills[].id', 'string', true],
    ]);
    expect(rows[0]).toMatchObject({ description: 'Shown to players', notes: [{ kind: 'length', value: '1–40' }] });
    expect(rows[3].notes).toEqual([{ kind: 'range', value: '≥ 1' }]);
    expect(rows[4].notes).toEqual([{ kind: 'items', value: '≤ 5' }]);
  });

  it('follows references to named schemas, and reads union types', () => {
    const rows = fieldRows(doc, { $ref: '#/components/schemas/hero' });
    expect(rows.map((r) => [r.name, r.type])).toEqual([['id', 'string'], ['name', 'string'], ['tags', 'string[] | null']]);
    expect(rows[0].notes).toEqual([{ kind: 'readOnly' }]);
    expect(typeOf(doc, { oneOf: [{ type: 'string' }, { type: 'integer' }] })).toBe('string | integer');
  });

  it('tells how a call authenticates from its security', () => {
    expect(create().auth).toBe('service');
    expect(read().auth).toBe('player');
    expect(authOf({ security: [] })).toBe('none');
    expect(authOf({ security: [{ session: [] }] })).toBe('session');
    expect(authOf({ security: [{ adminSession: [] }] })).toBe('admin');
  });

  it("gives a call's parameters, body, answer with its example, and a curl line with a sample body", () => {
    const c = create();
    expect(c.query).toEqual([{ name: 'dryRun', type: 'boolean', required: false, notes: [{ kind: 'default', value: 'false' }] }]);
    expect(c.body?.required).toBe(true);
    expect(c.answers).toEqual([expect.objectContaining({ status: 201, example: { id: 'h1', name: 'Ayla', tags: ['fast'] } })]);
    expect(c.access).toEqual(['app', 'admin']);
    expect(c.curl).toBe(`curl -X POST "{origin}/game/v1/heroes" -u "$APP_ID:$APP_SERVICE_SECRET" -H 'Content-Type: application/json' -d '{"name":"string","class":"mage"}'`);
    expect(read().curl).toBe('curl -X GET "{origin}/game/v1/heroes/$HERO_ID" -H "Authorization: Bearer $PLAYER_TOKEN"');
    expect(read().pathParams).toEqual([{ name: 'heroId', type: 'string', required: true, notes: [{ kind: 'pattern', value: '^[a-z]+$' }] }]);
  });

  it('samples a body that has no example from its required fields, and quotes a quote in the curl line', () => {
    expect(sampleOf(doc, { type: 'object', required: ['at', 'n'], properties: { at: { type: 'string', format: 'date-time' }, n: { type: 'integer', minimum: 3 }, skip: { type: 'string' } } })).toEqual({ at: '2026-01-01T00:00:00Z', n: 3 });
    const quoted = callDoc(doc, '/q', 'POST', { requestBody: { content: { 'application/json': { schema: { type: 'object', examples: [{ say: "it's" }] } } } }, responses: {} });
    expect(quoted.curl).toContain(`-d '{"say":"it'\\''s"}'`);
  });

  it("lists a call's errors with their messages' texts from the dictionary, and a service's once each", () => {
    const errors = errorsOf(doc.paths['/game/v1/heroes'].post);
    expect(errors).toEqual([
      { status: 401, code: 'UNAUTHORIZED', message: 'unauthorized', text: { 'zh-CN': '未登录或凭证无效', en: 'Not signed in or invalid credentials' } },
      { status: 409, code: 'DUPLICATE', message: 'duplicate value', text: { 'zh-CN': '该值已存在', en: 'This value already exists' } },
      { status: 409, code: 'HERO_LIMIT', message: 'no text for this one' },
    ]);
    const all = serviceErrors([create(), read(), create()]);
    expect(all.map((e) => [e.status, e.code, e.calls])).toEqual([
      [401, 'UNAUTHORIZED', 2],
      [404, 'NOT_FOUND', 1],
      [409, 'DUPLICATE', 2],
      [409, 'HERO_LIMIT', 2],
    ]);
  });
});

describe('the API reference pages', () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key}${options && 'service' in options ? `:${String(options.service)}` : ''}`;

  it('escape what a description or type would mark up, in tables too', () => {
    expect(escapeMd('a|b *c* <d>')).toBe('a\\|b \\*c\\* \\<d\\>');
    const html = markdownRenderer('Copy').render(fieldTable(t, [{ name: 'kind', type: '"a" | "b"', required: true, description: 'one | two', notes: [] }]));
    expect(html).toContain('<td><code>&quot;a&quot; | &quot;b&quot;</code></td>');
    expect(html).toContain('<td>one | two</td>');
  });

  it("show an error's message in the page's language, or as sent when the dictionary has none", () => {
    const table = errorTable(t, 'zh-CN', errorsOf(doc.paths['/game/v1/heroes'].post));
    expect(table).toContain('| 401 | `UNAUTHORIZED` | 未登录或凭证无效 (`unauthorized`) |');
    expect(table).toContain('| 409 | `HERO_LIMIT` | `no text for this one` |');
  });

  it("show every call with its server's address in the curl line, or those the filter names", () => {
    const service = { name: 'game', displayName: { 'zh-CN': '游戏', en: 'Game' }, base: '/game/v1', available: true, calls: [create(), read()], errors: [] };
    const page = apiMarkdown(t, 'en', service, 'https://play.example');
    expect(page).toMatch(/^# docs\.api\.title:Game\n/);
    expect(page).toContain('## Create a hero');
    expect(page).toContain('curl -X GET "https://play.example/game/v1/heroes/$HERO_ID"');
    const filtered = apiMarkdown(t, 'en', service, 'https://play.example', 'read HERO');
    expect(filtered).not.toContain('## Create a hero');
    expect(filtered).toContain('## Read a hero');
  });
});
