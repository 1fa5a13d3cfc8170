import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callKey, CARRIED_ANSWERS_ID, type CarriedAnswer } from '../../providers/carried-answers';
import { ROUTE_MANIFEST_FILE, type ManifestRoute } from '../../src/engine/route-manifest';
import { remoteConfig } from '../../resources/config';
import { startHarness, type Harness } from './harness';

/**
 * An app's page opened directly carries its first answers (server/console-carried.ts): the sessions, the console's
 * base information, the app's record, its enabled services' details and the first page of the list the address opens, made as the member who asked
 * for the page. Checked against a console build of the test's own (the repository's page and a route manifest) and
 * against the same calls made directly.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const CONFIGS = `${remoteConfig.base}/configs?sort=key&order=asc&page=1&pageSize=20`;
// The build's manifest for one list address: its first read, made for the app.
const MANIFEST: ManifestRoute[] = [
  { pattern: '/services/:appId/config', page: 'list', reads: { configs: { resource: 'remote-config.configs', method: 'GET', url: CONFIGS, app: true } }, services: ['remote-config'] },
  { pattern: '/services/:appId/dashboard', page: 'dashboard', services: [] },
];

let h: Harness;
let staticDir: string;
let owner: string;
let stranger: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'console-carried-'));
  mkdirSync(join(staticDir, '.vite'));
  writeFileSync(join(staticDir, 'index.html'), readFileSync(join(ROOT, 'index.html')));
  writeFileSync(join(staticDir, ROUTE_MANIFEST_FILE), JSON.stringify(MANIFEST));
  h = await startHarness({ env: { STATIC_DIR: staticDir } });
  owner = await h.login();
  stranger = await h.login('other@example.com', 'other-password');
});

afterAll(async () => {
  await h?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) => h.req({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The answers the page carries, by key (none: the page has no such element). */
function carried(html: string): Map<string, unknown> | undefined {
  const found = new RegExp(`<script type="application/json" id="${CARRIED_ANSWERS_ID}">(.*?)</script>`, 's').exec(html);
  return found ? new Map((JSON.parse(found[1]) as CarriedAnswer[]).map((a) => [a.key, a.body])) : undefined;
}

/** The page's entry script element. */
const entryScript = (html: string): string => /<script type="module"[^>]*>/.exec(html)?.[0] ?? '';

const direct = async (url: string, headers: Record<string, string>) => (await h.req({ method: 'GET', url, headers })).json();

it("carries an app page's first answers for its member, each as the same call made directly answers", async () => {
  const res = await page(`/services/${h.appId}/config`, owner);
  expect(res.statusCode).toBe(200);
  // It holds the app's credential: never stored.
  expect(res.headers['cache-control']).toBe('no-store');
  const answers = carried(res.body)!;
  const record = (await direct(`/api/app/${h.appId}`, { cookie: owner })) as { Services: Record<string, { Status: string; ServiceId: string }> };
  // Each service the app has enabled: its details, which the app's layout reads before it shows a service's page.
  const details = Object.values(record.Services)
    .filter((s) => s.Status === 'Enabled')
    .map((s) => `/api/app/service/${s.ServiceId}`);
  expect(details.length).toBeGreaterThan(3);
  expect([...answers.keys()].sort()).toEqual(
    [
      callKey('GET', undefined, '/auth/auth-check'),
      callKey('GET', undefined, '/auth/base-info'),
      callKey('GET', undefined, `/api/app/${h.appId}`),
      callKey('GET', h.appId, CONFIGS),
      ...details.map((path) => callKey('GET', undefined, path)),
    ].sort(),
  );
  expect(answers.get(callKey('GET', undefined, `/api/app/${h.appId}`))).toEqual(record);
  for (const path of details) expect(answers.get(callKey('GET', undefined, path))).toEqual(await direct(path, { cookie: owner }));
  // A service that needs a project carries it (Hello's), the others none.
  const projects = details.map((path) => (answers.get(callKey('GET', undefined, path)) as { Service: string; Project: unknown }));
  expect(projects.filter((d) => d.Project !== null).map((d) => d.Service)).toEqual(['hello']);
  expect(answers.get(callKey('GET', undefined, '/auth/auth-check'))).toEqual(await direct('/auth/auth-check', { cookie: owner }));
  const configs = answers.get(callKey('GET', h.appId, CONFIGS)) as { Items?: unknown[]; items?: unknown[] };
  expect(configs).toEqual(await direct(CONFIGS, { authorization: h.basic }));
  expect(JSON.stringify(configs)).toContain('welcome_message');
  // The answers come before the console's root element, so the page's code finds them when it runs.
  expect(res.body.indexOf(CARRIED_ANSWERS_ID)).toBeLessThan(res.body.indexOf('<div id="root">'));
  // The page's code runs as soon as it has loaded, while the server makes the answers, not once the page is whole.
  expect(entryScript(res.body)).toMatch(/\basync\b/);
});

it('carries nothing without a session, and nothing of an app the signed-in member cannot see', async () => {
  const anonymous = await page(`/services/${h.appId}/config`);
  expect(carried(anonymous.body)).toBeUndefined();
  expect(anonymous.headers['cache-control']).toBe('no-cache');
  // Without answers to wait for, the code runs once the page has been read, as any page's.
  expect(entryScript(anonymous.body)).not.toMatch(/\basync\b/);
  // Another studio's member: the sessions, but not the app's record (refused) nor its list (no credential).
  const other = carried((await page(`/services/${h.appId}/config`, stranger)).body)!;
  expect([...other.keys()].sort()).toEqual([callKey('GET', undefined, '/auth/auth-check'), callKey('GET', undefined, '/auth/base-info')].sort());
  expect(JSON.stringify([...other.values()])).not.toContain(h.appId);
});

it("carries the app's record but no list for an address whose page reads none first, and nothing outside an app", async () => {
  const dashboard = carried((await page(`/services/${h.appId}/dashboard`, owner)).body)!;
  expect([...dashboard.keys()]).toContain(callKey('GET', undefined, `/api/app/${h.appId}`));
  expect([...dashboard.keys()].some((k) => k.includes(`${remoteConfig.base}/`))).toBe(false);
  expect(carried((await page('/apps', owner)).body)).toBeUndefined();
});

it('writes answers that cannot end the element they are in', async () => {
  const value = '</script><script>window.stolen = 1</script>';
  const made = await h.svc('POST', `${remoteConfig.base}/configs`, { key: 'aaa_markup', type: 'STRING', value, description: '</script>' });
  expect(made.statusCode, made.body).toBeLessThan(300);
  const res = await page(`/services/${h.appId}/config`, owner);
  expect(res.body).not.toContain('<script>window.stolen');
  expect(JSON.stringify(carried(res.body)!.get(callKey('GET', h.appId, CONFIGS)))).toContain(JSON.stringify(value).slice(1, -1));
});
