import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import type { AppRecord } from '../../resources/platform';
import { quickStartCall, quickStartCurl } from '../../resources/api-reference';
import { createApp } from '../../server/platform/accounts';
import { startHarness, type Harness } from './harness';

/** The quick start of the app's settings page: its `curl` command, run by a shell against a listening server. */

const run = promisify(execFile);
let h: Harness;
let origin: string;
/** An app of the demo organisation with remote config only. */
let configOnlyAppId: string;

beforeAll(async () => {
  h = await startHarness();
  const demo = (await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [h.appId])).rows[0];
  configOnlyAppId = await createApp(h.db, demo.org_id, 'Config Only', ['remote-config']);
  origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h.close());

/** The app as the console reads it for its settings page. */
async function appAs(email: string, password: string, appId: string): Promise<AppRecord> {
  const cookie = await h.login(email, password);
  const res = await h.req({ method: 'GET', url: `/api/app/${appId}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Runs a command line as a user would paste it into a shell; its output parsed as JSON. */
async function paste(command: string): Promise<Record<string, unknown>> {
  const { stdout } = await run('sh', ['-c', command], { timeout: 20_000 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe("the quick start's curl", () => {
  it.each([
    ['an app with remote config only (the REST convention)', 'demo@example.com', 'lodestar-demo', () => configOnlyAppId, 'remote-config'],
    ["another organisation's app with remote config and passport (passport first, its own convention)", 'other@example.com', 'other-password', () => h.otherAppId, 'passport'],
  ])('lists records of %s with its real credentials, and is refused with a wrong secret', async (_what, email, password, appIdOf, service) => {
    const app = await appAs(email, password, appIdOf());
    const call = quickStartCall(services, app)!;
    expect(call.service.name).toBe(service);

    const answer = await paste(quickStartCurl(origin, call, app.AppId, app.AppServiceSecret));
    expect(answer.code, JSON.stringify(answer)).toBeUndefined();
    expect(typeof answer.total).toBe('number');
    // One page of the records: the total and one list (`items`, or the resource's own key in passport's convention).
    expect(Object.values(answer).filter(Array.isArray), JSON.stringify(answer)).toHaveLength(1);

    const refused = await paste(quickStartCurl(origin, call, app.AppId, `${app.AppServiceSecret}x`));
    expect(refused.code).toBeDefined();
    expect(refused.total).toBeUndefined();
  });

  it('quotes the credential and address for the shell, whatever they hold', async () => {
    const app = await appAs('demo@example.com', 'lodestar-demo', h.appId);
    const call = quickStartCall(services, app)!;
    const command = quickStartCurl('http://example.test/', call, "it's", 'a b$(echo no)`x`*');
    // The same words, printed one a line instead of given to curl.
    const { stdout } = await run('sh', ['-c', command.replace(/^curl /, "printf '%s\\n' ")]);
    expect(stdout.split('\n').slice(0, 4)).toEqual(['-sS', '-u', "it's:a b$(echo no)`x`*", `http://example.test${call.path}`]);
  });
});

describe('which call the quick start shows', () => {
  const enabled = (...names: string[]) => ({ Services: Object.fromEntries(names.map((n) => [n, { Status: 'Enabled', ServiceId: n, Properties: {} }])) });

  it("is none without an enabled service, and skips a service that is not enabled (suspended) or has nothing the credential lists", () => {
    expect(quickStartCall(services, enabled())).toBeUndefined();
    const suspended = { Services: { passport: { Status: 'Suspended', ServiceId: 'passport', Properties: {} } } };
    expect(quickStartCall(services, suspended)).toBeUndefined();
    const withoutList = services.find((s) => !s.resources.some((r) => r.scope === 'app' && r.operations.includes('list')))!;
    expect(quickStartCall(services, enabled(withoutList.name))).toBeUndefined();
    expect(quickStartCall(services, enabled(withoutList.name, 'remote-config'))?.service.name).toBe('remote-config');
  });
});
