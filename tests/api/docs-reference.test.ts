import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findService, services } from '../../resources';
import { func as funcDecl } from '../../resources/func';
import type { DocReferenceAnswer, DocSectionsAnswer } from '../../resources/docs-api';
import { startHarness, type Harness } from './harness';

/** The two built services' bases, from their declarations. */
const PASSPORT = findService('passport')!.base;
const CONFIG = findService('remote-config')!.base;

let h: Harness;
type Operation = { summary?: string; responses?: Record<string, { description?: string }> };
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  h = await startHarness();
  doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json();
});
afterAll(() => h.close());

/**
 * Routes Fastify mounts that are not calls of the API, each with why it is left out of the API document (`/**`:
 * the address and everything under it). Anything else the server mounts must be documented.
 */
const UNDOCUMENTED: Record<string, string> = {
  'GET /openapi.json': 'the API document itself',
  'GET /api-docs/**': 'the API reference page: its HTML, scripts, styles and the same document as JSON and YAML',
  'GET /': "the console's page (HTML)",
  'GET /*': "the console's built files",
  'GET /web-version.json': "the console's version check, read by the console only",
};
const internal = (key: string) =>
  Object.keys(UNDOCUMENTED).some((k) => (k.endsWith('/**') ? key === k.slice(0, -3) || key.startsWith(k.slice(0, -2)) : key === k));

const fastifyToOpenApi = (url: string) => url.replace(/(^|\/):([A-Za-z0-9_]+)/g, '$1{$2}').replace(/\/\*$/, '/{*}');

describe('every mounted call', () => {
  it('has an OpenAPI entry with a summary and documented answers, unless it is listed as internal with a reason', () => {
    // HEAD is Fastify's own twin of every GET.
    const mounted = h.api.mounted.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(mounted.length).toBeGreaterThan(400);
    const problems: string[] = [];
    for (const { method, url } of mounted) {
      const key = `${method} ${url}`;
      if (internal(key)) continue;
      const op = doc.paths[fastifyToOpenApi(url)]?.[method.toLowerCase()];
      if (!op) problems.push(`${key}: not in the API document`);
      else if (!op.summary?.trim()) problems.push(`${key}: no summary`);
      else if (Object.keys(op.responses ?? {}).length === 0 || Object.values(op.responses ?? {}).some((r) => !r.description?.trim())) problems.push(`${key}: answers not documented`);
    }
    expect(problems).toEqual([]);
  });

  it('documents what each error status can be: codes and messages', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, r] of Object.entries(op.responses ?? {})) {
          const errors = (r as { 'x-errors'?: { code: string; message: string }[] })['x-errors'];
          if (Number(status) >= 400 && Number(status) !== 502 && !(errors && errors.length > 0 && errors.every((e) => e.code && e.message))) missing.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the documentation calls', () => {
  it('name the services of each section and whether this deployment built them', async () => {
    const res = await h.req({ method: 'GET', url: '/base/docs/sections' });
    expect(res.statusCode).toBe(200);
    const { sections } = res.json<DocSectionsAnswer>();
    expect(sections.passport).toEqual([{ name: 'passport', displayName: expect.objectContaining({ en: 'Passport' }), base: PASSPORT, available: true }]);
    expect(sections['remote-config'].map((s) => [s.name, s.available])).toEqual([['remote-config', true]]);
    expect(sections['func/stateful'].map((s) => [s.name, s.available])).toEqual([['func', true]]);
    // Every declared service with a documentation page is in its section.
    const listed = Object.values(sections).flat().map((s) => s.name).sort();
    expect(listed).toEqual(services.filter((s) => s.catalogue.docPage?.startsWith('/doc/')).map((s) => s.name).sort());
  });

  it("give a section's reference: a real call with its parameters, request, answer, example, curl line and errors", async () => {
    const res = await h.req({ method: 'GET', url: '/base/docs/reference?section=remote-config' });
    expect(res.statusCode).toBe(200);
    const answer = res.json<DocReferenceAnswer>();
    expect(answer.services.map((s) => s.name)).toEqual(['remote-config']);
    const calls = answer.services[0].calls;
    const create = calls.find((c) => c.method === 'POST' && c.path === `${CONFIG}/configs`)!;
    expect(create.auth).toBe('service');
    expect(create.body?.fields.find((f) => f.name === 'key')).toMatchObject({ type: 'string', required: true });
    expect(create.answers[0].status).toBe(201);
    expect(create.answers[0].fields.map((f) => f.name)).toEqual(expect.arrayContaining(['id', 'version', 'key']));
    expect(create.curl).toMatch(new RegExp(`^curl -X POST "\\{origin\\}${CONFIG}/configs" -u`));
    expect(create.curl).toMatch(/ -u "\$APP_ID:\$APP_SERVICE_SECRET" -H 'Content-Type: application\/json' -d '\{.*"key":/);
    expect(create.errors).toEqual(expect.arrayContaining([{ status: 401, code: 'UNAUTHORIZED', message: 'unauthorized', text: { 'zh-CN': '未登录或凭证无效', en: 'Not signed in or invalid credentials' } }]));
    const one = calls.find((c) => c.method === 'GET' && c.path === `${CONFIG}/configs/{id}`)!;
    expect(one.pathParams).toEqual([expect.objectContaining({ name: 'id', type: 'string', required: true })]);
    expect(one.curl).toContain(`"{origin}${CONFIG}/configs/$ID"`);
    // Every call the server mounted under the service's base is in its reference, once.
    const mounted = Object.entries(doc.paths).flatMap(([path, item]) => (path.startsWith(`${CONFIG}/`) ? Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`) : []));
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(mounted.sort());
    // The service's error list holds each error once, with how many calls answer it.
    const notFound = answer.services[0].errors.find((e) => e.code === 'NOT_FOUND')!;
    expect(notFound.calls).toBe(calls.filter((c) => c.errors.some((e) => e.code === 'NOT_FOUND')).length);
  });

  it('give the stateful functions section its calls, and refuse an address no service is documented under', async () => {
    const func = (await h.req({ method: 'GET', url: '/base/docs/reference?section=func/stateful' })).json<DocReferenceAnswer>();
    expect(func.services.map((s) => [s.name, s.available])).toEqual([['func', true]]);
    expect(func.services[0].calls.map((c) => `${c.method} ${c.path}`)).toEqual(expect.arrayContaining([`POST ${funcDecl.base}/func/functions`, `GET ${funcDecl.base}/functions/{id}/{serverId}/players`]));
    const missing = await h.req({ method: 'GET', url: '/base/docs/reference?section=no-such-section' });
    expect(missing.statusCode).toBe(404);
    expect((await h.req({ method: 'GET', url: '/base/docs/reference?section=../x' })).statusCode).toBe(400);
  });
});
