/**
 * The session marker: a cookie scripts can read, set beside a user's HttpOnly session cookie and cleared with it,
 * that holds no secret. The console's entry reads it to start a deep link's first calls before the sessions call
 * answers (tests/unit/preload.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_MARKER_COOKIE } from '../../server/auth/sessions';
import { DEMO_ADMIN, DEMO_USER, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it("is set with a user's session: readable by scripts, the account's id, no part of the session token, and as long-lived", async () => {
  const res = await h.req({ method: 'POST', url: '/auth/auth-login', payload: DEMO_USER });
  expect(res.statusCode).toBe(200);
  const session = res.cookies.find((c) => c.name === 'sst')!;
  const marker = res.cookies.find((c) => c.name === SESSION_MARKER_COOKIE);
  expect(marker).toMatchObject({ value: res.json().user.id, path: '/', sameSite: 'Lax', maxAge: session.maxAge });
  expect(marker?.httpOnly).toBeFalsy();
  expect(session.value).not.toContain(marker!.value);
  expect(marker!.value).not.toContain(session.value);
});

it('is cleared with the session on logout', async () => {
  const signedIn = await h.req({ method: 'POST', url: '/auth/auth-login', payload: DEMO_USER });
  const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const out = await h.req({ method: 'POST', url: '/auth/logout', headers: { cookie } });
  expect(out.statusCode).toBe(204);
  const cleared = out.cookies.find((c) => c.name === SESSION_MARKER_COOKIE);
  expect(cleared?.value).toBe('');
  expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
});

it('is not set by an administrator sign-in (the console then waits for the sessions call, as before)', async () => {
  const res = await h.req({ method: 'POST', url: '/auth/admin-login', payload: DEMO_ADMIN });
  expect(res.statusCode).toBe(200);
  expect(res.cookies.map((c) => c.name)).not.toContain(SESSION_MARKER_COOKIE);
});
