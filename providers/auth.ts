import type { AuthProvider } from '@refinedev/core';
import { clearSessionCookies, forgetApps, isApiError, request, SIGN_IN_PATH } from './http';
import { t } from './i18n';
import type { Identity } from './types';

/**
 * Sign-in with e-mail and password. The server sets the HttpOnly session cookie; the console only asks who is
 * signed in (GET /auth/auth-check) and never sees the session token.
 */

export interface AuthCheck {
  user: Identity | null;
  admin?: Identity | null;
}

let identity: Promise<Identity | null> | undefined;
let sessions: Promise<AuthCheck> | undefined;

/** Both sessions this browser holds: the user's and the administrator's (either may be null). */
export function fetchSessions(): Promise<AuthCheck> {
  sessions ??= request<AuthCheck>('/auth/auth-check', { ignoreErrors: true }).then((answer) => {
    const found = { user: answer?.user ?? null, admin: answer?.admin ?? null };
    if (!found.user && !found.admin) sessions = undefined;
    return found;
  });
  return sessions;
}

function fetchIdentity(): Promise<Identity | null> {
  identity ??= fetchSessions().then((answer) => {
    const who = answer.user ?? answer.admin ?? null;
    if (!who) identity = undefined;
    return who;
  });
  return identity;
}

/** Forgets who was signed in (the session ended): the next check asks the server again. */
export function forgetIdentity(): void {
  identity = undefined;
  sessions = undefined;
}

/** Where to go after signing in: the page that sent the user here, if it is one of ours. */
export function afterSignIn(to: string | null | undefined): string {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith(SIGN_IN_PATH) ? to : '/apps';
}

export const authProvider: AuthProvider = {
  async login({ email, password, to }: { email: string; password: string; to?: string }) {
    try {
      const answer = await request<AuthCheck>('/auth/auth-login', {
        method: 'POST',
        body: { email, password },
        anonymous: true,
        silent: true,
        throwResponse: true,
      });
      forgetIdentity();
      identity = Promise.resolve(answer?.user ?? null);
      return { success: true, redirectTo: afterSignIn(to) };
    } catch (error) {
      const message = isApiError(error) ? error.message : t('errors.network');
      return { success: false, error: { name: t('auth.failed'), message } };
    }
  },

  async logout() {
    await request('/auth/logout', { method: 'POST', ignoreErrors: true });
    clearSessionCookies();
    forgetApps();
    forgetIdentity();
    return { success: true, redirectTo: SIGN_IN_PATH };
  },

  async check() {
    const who = await fetchIdentity();
    return who ? { authenticated: true } : { authenticated: false, redirectTo: SIGN_IN_PATH, logout: false };
  },

  // The HTTP client already handles 401 (session expiry) for every call; nothing more to do here.
  async onError() {
    return {};
  },

  async getIdentity() {
    return fetchIdentity();
  },

  async getPermissions() {
    const who = await fetchIdentity();
    return who?.isAdmin ? ['admin'] : [];
  },
};

export { fetchIdentity };
