/**
 * What the console's entry asks for when an app's page is opened directly: with the session marker, the app's
 * record at once, beside the sessions call; without it, only once the sessions call says someone is signed in. A
 * record asked early is the one the console uses (asked once), and a 401 to it does not end the session.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { controlledFetch, settle } from './controlled-fetch';

vi.hoisted(() => {
  (globalThis as { document?: unknown }).document = { documentElement: {}, cookie: '' };
});
vi.mock('../../src/Console', () => ({ default: () => null }));
// No engine page: what an app's page asks besides its page's own first read (tests/unit/asked-ahead.test.ts).
vi.mock('virtual:route-manifest', () => ({ default: [] }));
vi.mock('../../src/pages/account/PolicyPrompt', () => ({ PolicyPrompt: () => null }));
vi.mock('../../src/pages/layout/AppLayout', () => ({ default: () => null }));

const APP = 'a1b2c3';
const DEEP_LINK = `/services/${APP}/config`;
const SIGNED_IN = { user: { id: 'u1', email: 'demo@example.com' }, admin: null, financeAdmin: null };
const RECORD = { AppId: APP, AppServiceSecret: 's', Role: 'owner', Services: {} };

let net: ReturnType<typeof controlledFetch>;
// The first import transforms the console's modules, which takes a while on a busy machine; the tests' own are quick.
beforeAll(() => import('../../src/preload'), 60_000);
beforeEach(() => {
  vi.resetModules();
  net = controlledFetch();
  vi.stubGlobal('fetch', net.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = '';
});

it("asks for the app's record beside the sessions when the session marker is there, and the console reads that one", async () => {
  document.cookie = 'lang=zh-CN; userId=u1';
  const { preloadConsole } = await import('../../src/preload');
  preloadConsole(DEEP_LINK);
  await settle();
  expect(net.asked).toEqual(['/auth/auth-check', `/api/app/${APP}`]);
  net.answer(`/api/app/${APP}`, 200, RECORD);
  net.answer('/auth/auth-check', 200, SIGNED_IN);
  const { getApp } = await import('../../providers/http');
  expect(await getApp(APP)).toMatchObject({ AppId: APP });
  expect(net.asked.filter((p) => p === `/api/app/${APP}`)).toHaveLength(1);
});

it("waits for the sessions without the marker, and asks for nothing more when nobody is signed in", async () => {
  const { preloadConsole } = await import('../../src/preload');
  preloadConsole(DEEP_LINK);
  await settle();
  expect(net.asked).toEqual(['/auth/auth-check']);
  net.answer('/auth/auth-check', 401, { message: 'login expired' });
  await settle();
  expect(net.asked).toEqual(['/auth/auth-check']);
});

it('asks for the record once the sessions answer, without the marker', async () => {
  const { preloadConsole } = await import('../../src/preload');
  preloadConsole(DEEP_LINK);
  await settle();
  net.answer('/auth/auth-check', 200, SIGNED_IN);
  await settle();
  expect(net.asked).toEqual(['/auth/auth-check', `/api/app/${APP}`]);
});

it('forgets an early record that answered 401 without ending the session, so the console asks again', async () => {
  document.cookie = 'userId=u1';
  const { preloadConsole } = await import('../../src/preload');
  preloadConsole(DEEP_LINK);
  await settle();
  net.answer(`/api/app/${APP}`, 401, { message: 'login expired' });
  await settle();
  // Ending the session would have told the server (POST /auth/logout) and removed the cookies.
  expect(net.asked).not.toContain('/auth/logout');
  expect(document.cookie).toContain('userId=u1');
  const { getApp } = await import('../../providers/http');
  void getApp(APP).catch(() => undefined);
  await settle();
  expect(net.asked.filter((p) => p === `/api/app/${APP}`)).toHaveLength(2);
});

it('reads the marker only when it has a value', async () => {
  const { hasSessionMarker } = await import('../../providers/http');
  expect(hasSessionMarker('userId=u1')).toBe(true);
  expect(hasSessionMarker('lang=en; userId=u1; x=1')).toBe(true);
  expect(hasSessionMarker('userId=')).toBe(false);
  expect(hasSessionMarker('myuserId=u1; userIdx=2')).toBe(false);
});

it('names the cookie the server sets beside a user session, among those a 401 removes', async () => {
  const { SESSION_COOKIES, SESSION_MARKER_COOKIE } = await import('../../providers/http');
  const server = await import('../../server/auth/sessions');
  expect(SESSION_MARKER_COOKIE).toBe(server.SESSION_MARKER_COOKIE);
  expect(SESSION_COOKIES).toContain(SESSION_MARKER_COOKIE);
});
