import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db';
import { DEMO_ADMIN, DEMO_FINANCE, DEMO_USER, seedDemo } from '../../server/demo';
import { createAccount } from '../../server/platform/accounts';
import { contentSecurityPolicy } from '../../server/security-headers';

/**
 * Security headers, the Content-Security-Policy and session cookie flags, checked over HTTP against running
 * servers (one in development, one in production) on every kind of answer: the console's HTML, a static asset,
 * JSON, errors of each origin, the API reference and its files.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const CONSOLE_HTML = readFileSync(join(ROOT, 'index.html'), 'utf8');

interface Running {
  url: string;
  app: FastifyInstance;
  db: Db;
}

let staticDir: string;
let dev: Running;
let prod: Running;

async function start(env: Record<string, string>, seed: (db: Db, app: Awaited<ReturnType<typeof buildApp>>) => Promise<unknown>): Promise<Running> {
  const config = { ...loadConfig(env), staticDir };
  const db = await openDatabase({});
  const built = await buildApp(db, config);
  await seed(db, built);
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, app: built.app, db };
}

beforeAll(async () => {
  // A console build as the server serves it: its page and one file under assets/.
  staticDir = mkdtempSync(join(tmpdir(), 'quality-headers-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), CONSOLE_HTML.replace('/src/main.tsx', '/assets/index-test.js'));
  writeFileSync(join(staticDir, 'assets', 'index-test.js'), 'export const ready = true;\n');
  dev = await start({}, (db, built) => seedDemo(db, built.ctx));
  prod = await start({ NODE_ENV: 'production' }, (db) => createAccount(db, { ...DEMO_USER, name: 'Operator' }));
});

afterAll(async () => {
  for (const s of [dev, prod]) {
    await s?.app.close();
    await s?.db.close();
  }
  rmSync(staticDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy, by name. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

/** Every kind of answer, as a path and what it must be. */
const ANSWERS: { kind: string; path: string; status: number; type: RegExp }[] = [
  { kind: 'console page', path: '/', status: 200, type: /^text\/html/ },
  { kind: 'console deep link', path: '/services/some-app/config', status: 200, type: /^text\/html/ },
  { kind: 'static asset', path: '/assets/index-test.js', status: 200, type: /javascript/ },
  { kind: 'JSON', path: '/auth/base-info', status: 200, type: /^application\/json/ },
  { kind: 'OpenAPI document', path: '/openapi.json', status: 200, type: /^application\/json/ },
  { kind: 'API reference', path: '/api-docs/', status: 200, type: /^text\/html/ },
  { kind: 'API reference script', path: '/api-docs/static/swagger-ui-bundle.js', status: 200, type: /javascript/ },
  { kind: 'error: no session', path: '/api/organizations', status: 401, type: /^application\/json/ },
  { kind: 'error: unknown API path', path: '/api/no-such-call', status: 404, type: /^application\/json/ },
  { kind: 'error: missing file', path: '/assets/missing.js', status: 404, type: /^application\/json/ },
  { kind: 'error: invalid input', path: '/api/apps?count=abc', status: 400, type: /^application\/json/ },
  { kind: 'error: unreadable path', path: '/api/app/%E0%A4%A', status: 400, type: /^application\/json/ },
];

function expectProtected(res: Response, production: boolean, what: string): void {
  const h = res.headers;
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('x-frame-options'), what).toBe('DENY');
  expect(h.get('referrer-policy'), what).toBe('same-origin');
  const csp = directives(h.get('content-security-policy'));
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  // Scripts only from files of this server: no inline script, no eval.
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'self'"]);
  // Ant Design and Swagger UI set styles at run time.
  expect(csp.get('style-src'), what).toEqual(["'self'", "'unsafe-inline'"]);
  const hsts = h.get('strict-transport-security');
  if (production) {
    expect(hsts, what).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(hsts!)![1]), what).toBeGreaterThanOrEqual(180 * 24 * 3600);
  } else expect(hsts, what).toBeNull();
}

describe.each([
  ['development', () => dev, false],
  ['production', () => prod, true],
] as const)('every kind of answer in %s', (_mode, server, production) => {
  it.each(ANSWERS)('$kind ($path) carries the security headers', async ({ kind, path, status, type }) => {
    const res = await fetch(server().url + path, { redirect: 'manual' });
    expect(res.status, kind).toBe(status);
    expect(res.headers.get('content-type'), kind).toMatch(type);
    expectProtected(res, production, kind);
    if (status >= 400) expect(Object.keys(await res.json()).sort(), kind).toEqual(expect.arrayContaining(['code', 'message']));
  });
});

describe('where the console may connect', () => {
  const connect = (env: Record<string, string>) => directives(contentSecurityPolicy(loadConfig(env))).get('connect-src');

  it('is this server only, unless page views go to a collector or uploads to a bucket elsewhere', () => {
    expect(connect({})).toEqual(["'self'"]);
    expect(connect({ ANALYTICS_ENDPOINT: 'https://collect.example.net/v1/views?site=1' })).toEqual(["'self'", 'https://collect.example.net']);
    expect(connect({ S3_BUCKET: 'files', S3_ENDPOINT: 'https://minio.example.org:9000' })).toEqual(["'self'", 'https://minio.example.org:9000']);
    expect(connect({ S3_BUCKET: 'files', S3_REGION: 'ap-east-1' })).toEqual(["'self'", 'https://files.s3.ap-east-1.amazonaws.com']);
  });
});

describe('pages that run under the Content-Security-Policy', () => {
  /** Inline scripts and inline event handlers: what `script-src 'self'` refuses. */
  const inlineScripts = (html: string) => [
    ...[...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc=/.test(m[1]) || m[2].trim() !== '').map((m) => m[0].slice(0, 80)),
    ...[...html.matchAll(/<[^>]+\son[a-z]+\s*=/gi)].map((m) => m[0].slice(0, 80)),
  ];
  const externalScripts = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1]).filter((src) => /^[a-z]+:|^\/\//i.test(src));

  it('the console page loads its code from files of this server only', () => {
    expect(CONSOLE_HTML).toMatch(/<script type="module" src="\/src\/main\.tsx"><\/script>/);
    expect(inlineScripts(CONSOLE_HTML)).toEqual([]);
    expect(externalScripts(CONSOLE_HTML)).toEqual([]);
  });

  it('the API reference loads its code from files of this server only, and they are served', async () => {
    const html = await (await fetch(`${dev.url}/api-docs/`)).text();
    expect(inlineScripts(html)).toEqual([]);
    expect(externalScripts(html)).toEqual([]);
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => new URL(m[1], `${dev.url}/api-docs/`).toString());
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect((await fetch(src)).status, src).toBe(200);
  });
});

/** The attributes of one Set-Cookie line, lower-cased, by name. */
function cookieAttributes(line: string): Map<string, string> {
  const [, ...attrs] = line.split(';').map((s) => s.trim());
  return new Map(attrs.map((a) => [a.split('=')[0].toLowerCase(), a.includes('=') ? a.slice(a.indexOf('=') + 1) : '']));
}

/** The cookies a sign-in sets: the session's first, then (a user's only) the script-readable session marker. */
async function signInCookies(url: string, path: string, email: string, password: string): Promise<string[]> {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  expectProtected(res, url === prod.url, path);
  return res.headers.getSetCookie();
}

/** The session cookie a sign-in sets; any other cookie must be the session marker. */
async function signIn(url: string, path: string, email: string, password: string): Promise<string> {
  const [session, ...others] = await signInCookies(url, path, email, password);
  expect(others.map((c) => c.split('=')[0])).toEqual(path === '/auth/auth-login' ? ['userId'] : []);
  return session;
}

describe('session cookies', () => {
  it.each([
    ['a user', '/auth/auth-login', 'sst', DEMO_USER],
    ['an administrator', '/auth/admin-login', 'admin_sst', DEMO_ADMIN],
    ['a finance administrator', '/auth/bc-admin-login', 'bc_admin_sst', DEMO_FINANCE],
  ] as const)('of %s are HttpOnly, SameSite and for the whole site, not Secure over plain development HTTP', async (_who, path, name, who) => {
    const line = await signIn(dev.url, path, who.email, who.password);
    expect(line.startsWith(`${name}=`)).toBe(true);
    const attrs = cookieAttributes(line);
    expect(attrs.has('httponly')).toBe(true);
    expect(attrs.get('samesite')?.toLowerCase()).toMatch(/^(lax|strict)$/);
    expect(attrs.get('path')).toBe('/');
    expect(attrs.has('secure')).toBe(false);
  });

  it('are Secure in production', async () => {
    const attrs = cookieAttributes(await signIn(prod.url, '/auth/auth-login', DEMO_USER.email, DEMO_USER.password));
    expect(attrs.has('secure')).toBe(true);
    expect(attrs.has('httponly')).toBe(true);
    expect(attrs.get('samesite')?.toLowerCase()).toMatch(/^(lax|strict)$/);
    expect(attrs.get('path')).toBe('/');
  });

  it("mark a user's session with a cookie scripts can read, holding the account's id and nothing secret", async () => {
    for (const [url, secure] of [[dev.url, false], [prod.url, true]] as const) {
      const [session, marker] = await signInCookies(url, '/auth/auth-login', DEMO_USER.email, DEMO_USER.password);
      const value = marker.split(';')[0].slice('userId='.length);
      expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(session.split(';')[0]).not.toContain(value);
      const attrs = cookieAttributes(marker);
      expect(attrs.has('httponly')).toBe(false);
      expect(attrs.has('secure')).toBe(secure);
      expect(attrs.get('samesite')?.toLowerCase()).toMatch(/^(lax|strict)$/);
      expect(attrs.get('path')).toBe('/');
    }
  });

  it('are cleared for the whole site on sign-out', async () => {
    const line = await signIn(dev.url, '/auth/auth-login', DEMO_USER.email, DEMO_USER.password);
    const res = await fetch(`${dev.url}/auth/logout`, { method: 'POST', headers: { cookie: line.split(';')[0] } });
    expect(res.status).toBe(204);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('sst='));
    expect(cleared).toBeDefined();
    const attrs = cookieAttributes(cleared!);
    expect(attrs.get('path')).toBe('/');
    expect(new Date(attrs.get('expires') ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
  });
});
