import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { startHarness, type Harness } from './harness';
import { openApiProblems } from './openapi-rules';

let h: Harness;
type Operation = { tags: string[] };
type Doc = { paths: Record<string, Record<string, Operation>>; tags: { name: string; description?: string }[]; jsonSchemaDialect?: string };
let doc: Doc;

beforeAll(async () => {
  h = await startHarness();
  doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json();
});
afterAll(() => h.close());

const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it('follows the OpenAPI 3.1 rules, in the default schema dialect that the reference reads', () => {
    expect(openApiProblems(doc as never)).toEqual([]);
    // Swagger UI reads only the default dialect and warns on any other.
    expect(doc.jsonSchemaDialect ?? 'https://spec.openapis.org/oas/3.1/dialect/base').toBe('https://spec.openapis.org/oas/3.1/dialect/base');
  });

  it('is served the same to the reference page', async () => {
    expect((await h.req({ method: 'GET', url: '/api-docs/json' })).json()).toEqual(doc);
  });

  it('groups the operations by declared service: one tag each, named and described by its catalogue entry', () => {
    // A service is served when calls under its base are tagged with it (func and func-stateless share one base).
    const mounted = services.filter((s) => operations().some(({ path, op }) => path.startsWith(`${s.base}/`) && op.tags.includes(s.name)));
    expect(mounted.map((s) => s.name)).toEqual(expect.arrayContaining(['passport', 'remote-config']));
    // The services come first, in catalogue order, then the platform's areas.
    expect(doc.tags.slice(0, mounted.length).map((t) => t.name)).toEqual(mounted.map((s) => s.name));
    for (const s of mounted) {
      const tag = doc.tags.find((t) => t.name === s.name)!;
      expect(tag.description).toContain(s.catalogue.displayName.en);
      expect(tag.description).toContain(s.catalogue.description.en);
      // Under a shared base, the other service's operations are its own group.
      const neighbours = mounted.filter((o) => o !== s && o.base === s.base).map((o) => o.name);
      const under = operations().filter(({ path, op }) => path.startsWith(`${s.base}/`) && !op.tags.some((t: string) => neighbours.includes(t)));
      expect(under.filter(({ op }) => JSON.stringify(op.tags) !== JSON.stringify([s.name])).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
      expect(operations().filter(({ op }) => op.tags.includes(s.name)).length).toBe(under.length);
    }
    // Every operation is in exactly one group.
    expect(operations().filter(({ op }) => op.tags.length !== 1)).toEqual([]);
  });
});

describe('the API reference page', () => {
  const get = (url: string) => h.req({ method: 'GET', url });

  it("is Lodestar's: title, favicon, logo and colours, with a search and the groups folded", async () => {
    const page = await get('/api-docs/');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toMatch(/<title>Lodestar API reference<\/title>/);
    expect(html).not.toMatch(/Swagger UI|favicon-32x32/);
    const favicon = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(html);
    expect(favicon).not.toBeNull();
    const icon = await get(new URL(favicon![1], 'http://x/api-docs/').pathname);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.body).toContain('#1668dc');

    const css = /<link rel="stylesheet" type="text\/css" href="\.\/static\/theme\/([^"]+\.css)"/.exec(html);
    expect(css).not.toBeNull();
    expect((await get(`/api-docs/static/theme/${css![1]}`)).body).toContain('#1668dc');

    const init = (await get('/api-docs/static/swagger-initializer.js')).body;
    const logo = /img\.src = 'data:image\/svg\+xml;base64,([^']+)'/.exec(init);
    expect(logo).not.toBeNull();
    expect(Buffer.from(logo![1], 'base64').toString('utf8')).toMatch(/Lodestar/);
    expect(init).toContain('"docExpansion":"none"');
    expect(init).toContain('"filter":true');

    const search = /<script src="\.\/static\/theme\/([^"]+\.js)"/.exec(html);
    expect(search).not.toBeNull();
    expect((await get(`/api-docs/static/theme/${search![1]}`)).body).toContain('opsFilter');
  });

  it('never asks an outside validator about the document', async () => {
    const init = (await get('/api-docs/static/swagger-initializer.js')).body;
    const settings = [...init.matchAll(/validatorUrl: ?([^,\n]+)/g)].map((m) => m[1].trim());
    expect(settings.length).toBeGreaterThan(0);
    expect(settings).toEqual(settings.map(() => 'null'));
    expect(init).toContain('"validatorUrl":null');
  });
});
