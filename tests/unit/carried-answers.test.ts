/**
 * The answers a page carries (providers/carried-answers.ts, written by the server into an app's page opened
 * directly) are taken by the console's calls instead of asking: each once, only by the same call (method, app,
 * address), and only while the page is new; anything else is asked as usual.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { controlledFetch, settle } from './controlled-fetch';
import { callKey, CARRIED_ANSWERS_ID, CARRIED_ANSWERS_MS } from '../../providers/carried-answers';
import { remoteConfig } from '../../resources/config';

const APP = 'a1b2c3';
const RECORD = { AppId: APP, AppServiceSecret: 's', Role: 'owner', Services: {} };
const LIST = `${remoteConfig.base}/configs?sort=key`;
const PAGE = { items: [{ key: 'level' }], total: 1 };

let net: ReturnType<typeof controlledFetch>;

/** A page whose carried element holds these answers. */
function pageCarrying(answers: { key: string; body: unknown }[]) {
  const text = JSON.stringify(answers);
  (globalThis as { document?: unknown }).document = {
    documentElement: {},
    cookie: 'userId=u1',
    getElementById: (id: string) => (id === CARRIED_ANSWERS_ID ? { textContent: text } : null),
  };
}

// The client's first load (its texts and declarations) takes a while; each test then loads it afresh.
beforeAll(() => {
  pageCarrying([]);
  return import('../../providers/http');
}, 60_000);
beforeEach(() => {
  vi.resetModules();
  net = controlledFetch();
  vi.stubGlobal('fetch', net.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  pageCarrying([]);
});

it('takes each carried answer once, for the same call, and asks for everything else', async () => {
  pageCarrying([
    { key: callKey('GET', undefined, `/api/app/${APP}`), body: RECORD },
    { key: callKey('GET', APP, LIST), body: PAGE },
  ]);
  const { getApp, request } = await import('../../providers/http');
  expect(await getApp(APP)).toEqual(RECORD);
  // The list for the app: carried (its credential comes from the carried record, nothing is asked).
  expect(await request(LIST, { appId: APP })).toEqual(PAGE);
  expect(net.asked).toEqual([]);
  // The same list again is asked; so is the same address without the app.
  for (const options of [{ appId: APP }, {}]) {
    const asked = request(LIST, options);
    await settle();
    net.answer(LIST, 200, { items: [], total: 0 });
    expect(await asked).toEqual({ items: [], total: 0 });
  }
  expect(net.asked).toEqual([LIST, LIST]);
});

it('hands a carried answer to a read asked ahead, which the screen then takes', async () => {
  const { request } = await import('../../providers/http');
  pageCarrying([{ key: callKey('GET', undefined, `/api/app/${APP}`), body: RECORD }, { key: callKey('GET', APP, LIST), body: PAGE }]);
  await request(LIST, { appId: APP, ahead: true });
  expect(await request(LIST, { appId: APP })).toEqual(PAGE);
  expect(net.asked).toEqual([]);
});

it('asks as usual once the page is no longer new, or when the carried text cannot be read', async () => {
  pageCarrying([{ key: callKey('GET', undefined, '/auth/base-info'), body: { name: 'carried' } }]);
  vi.spyOn(performance, 'now').mockReturnValue(CARRIED_ANSWERS_MS + 1);
  const late = await import('../../providers/http');
  void late.request('/auth/base-info');
  await settle();
  expect(net.asked).toEqual(['/auth/base-info']);
  vi.restoreAllMocks();
  vi.resetModules();
  (globalThis as { document?: unknown }).document = { documentElement: {}, cookie: '', getElementById: () => ({ textContent: '{not json' }) };
  const broken = await import('../../providers/http');
  void broken.request('/auth/auth-check');
  await settle();
  expect(net.asked).toEqual(['/auth/base-info', '/auth/auth-check']);
});

it("waits, while the page is still being read, for its answers to come, then takes them instead of asking", async () => {
  // A page whose code runs before the rest of it (the answers) has come: the answers' element is not there yet.
  let listeners: (() => void)[] = [];
  let arrived = false;
  const text = JSON.stringify([{ key: callKey('GET', APP, LIST), body: PAGE }]);
  (globalThis as { document?: unknown }).document = {
    documentElement: {},
    cookie: 'userId=u1',
    readyState: 'loading',
    addEventListener: (event: string, listener: () => void) => event === 'DOMContentLoaded' && listeners.push(listener),
    getElementById: (id: string) => (arrived && id === CARRIED_ANSWERS_ID ? { textContent: text } : null),
  };
  const { request } = await import('../../providers/http');
  let answer: unknown;
  void request(LIST, { appId: APP }).then((a) => (answer = a));
  await settle();
  expect(net.asked).toEqual([]);
  expect(answer).toBeUndefined();
  // The rest of the page comes: the call takes the carried answer and asks nothing.
  arrived = true;
  Object.assign((globalThis as unknown as { document: { readyState: string } }).document, { readyState: 'interactive' });
  listeners.forEach((listener) => listener());
  listeners = [];
  await settle();
  expect(answer).toEqual(PAGE);
  expect(net.asked).toEqual([]);
});
