/**
 * A playground opened with another user's app id gets nothing of that app: the console reads the app's record for
 * its credential first, which a non-member is refused (403, the same answer as for an app that does not exist, so
 * not even its existence leaks), and every example call the playgrounds declare, sent in that app's name without
 * its secret, is refused with a message and no data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { fillPath, pathParams, playgroundExamples, serviceBuilt } from '../../resources/playground';
import type { JsonSchema } from '../../resources/types';
import { basicOf, startHarness, type Harness } from './harness';
import { acceptedSample } from './quality-requests';

const playgrounds = services.flatMap((service) => (service.pages ?? []).filter((p) => p.playground && serviceBuilt(service)).map((page) => ({ service, page })));

/** An error answer: a message and a code, and nothing else of substance. */
function refusal(body: string, secret: string, appId: string) {
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(typeof json.message).toBe('string');
  expect((json.message as string).length).toBeGreaterThan(0);
  expect(Object.keys(json).filter((k) => !['message', 'code', 'details', 'statusCode', 'error'].includes(k))).toEqual([]);
  expect(body).not.toContain(secret);
  expect(body).not.toContain(appId);
}

describe("a playground with another user's app", () => {
  let h: Harness;
  let cookie: string;
  let demoSecret: string;

  beforeAll(async () => {
    h = await startHarness();
    // The owner of the second organisation, who is no member of the demo app's.
    cookie = await h.login('other@example.com', 'other-password');
    demoSecret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [h.appId])).rows[0].app_service_secret;
  });
  afterAll(() => h?.close());

  it('is refused the app and its credential, as an app that does not exist is', async () => {
    for (const appId of [h.appId, 'no-such-app-0001']) {
      const res = await h.req({ method: 'GET', url: `/api/app/${appId}`, headers: { cookie } });
      expect(res.statusCode, appId).toBe(403);
      expect(res.json().message).toBe('permission denied');
      refusal(res.body, demoSecret, appId);
    }
    // Their own app is theirs to use.
    const own = await h.req({ method: 'GET', url: `/api/app/${h.otherAppId}`, headers: { cookie } });
    expect(own.statusCode).toBe(200);
  });

  it("gets no data from any example call sent in the app's name without its secret", async () => {
    expect(playgrounds.map((p) => p.service.name).sort()).toEqual(['asset-streaming', 'func', 'func-stateless', 'passport', 'push', 'remote-config', 'stacktrace', 'usync', 'usync']);
    const other = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [h.otherAppId])).rows[0].app_service_secret;
    let sent = 0;
    for (const { service, page } of playgrounds) {
      for (const example of playgroundExamples(service, page)) {
        // Each parameter a value its route takes (a hash parameter a hash), so the call reaches its access check.
        const route = h.api.routes.find((r) => r.method === example.method && r.url === example.path.split('?')[0]);
        const shapes = (route?.params?.properties ?? {}) as Record<string, JsonSchema>;
        const url = fillPath(example.path, Object.fromEntries(pathParams(example.path).map((p) => [p, String(acceptedSample(shapes[p]) ?? 'x1')])));
        const player = example.caller === 'player' || example.caller === 'persona';
        const authorization = player ? 'Bearer not-a-token-of-this-app' : basicOf(h.appId, other);
        const res = await h.req({
          method: example.method,
          url,
          headers: { authorization, cookie, ...(example.body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(example.body === undefined ? {} : { payload: JSON.stringify(example.body) }),
        });
        expect([401, 403, 404], `${example.method} ${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        refusal(res.body, demoSecret, h.appId);
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(10);
  });
});
