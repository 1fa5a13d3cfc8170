import type { AuthProvider } from '@refinedev/core';
import type { AccountIdentity, AuthCheckAnswer, BaseInfo, ProviderSignIn, SignInAnswer } from '../resources/account-api';
import { clearSessionCookies, forgetApps, isApiError, request, SIGN_IN_PATH } from './http';
import { t } from './i18n';

/**
 * Sign-in with e-mail and password, or with an external provider. The server sets the HttpOnly session cookie;
 * the console only asks who is signed in (GET /auth/auth-check) and never sees the session token.
 */

export type AuthCheck = AuthCheckAnswer;

let identity: Promise<AccountIdentity | null> | undefined;
let sessions: Promise<AuthCheck> | undefined;
let baseInfo: Promise<BaseInfo | null> | undefined;

/** Every session this browser holds: the user's, the administrator's and the finance administrator's. */
export function fetchSessions(): Promise<AuthCheck> {
  sessions ??= request<AuthCheckAnswer>('/auth/auth-check', { ignoreErrors: true }).then((answer) => {
    const found = { user: answer?.user ?? null, admin: answer?.admin ?? null, financeAdmin: answer?.financeAdmin ?? null };
    if (!found.user && !found.admin && !found.financeAdmin) sessions = undefined;
    return found;
  });
  return sessions;
}

function fetchIdentity(): Promise<AccountIdentity | null> {
  identity ??= fetchSessions().then((answer) => {
    const who = answer.user ?? answer.admin ?? null;
    if (!who) identity = undefined;
    return who;
  });
  return identity;
}

/** Forgets who was signed in (a session began or ended): the next check asks the server again. */
export function forgetIdentity(): void {
  identity = undefined;
  sessions = undefined;
}

/** GET /auth/base-info, read once per page load (a failure is tried again next time). */
export function fetchBaseInfo(): Promise<BaseInfo | null> {
  baseInfo ??= request<BaseInfo>('/auth/base-info', { ignoreErrors: true }).then((info) => {
    if (!info) baseInfo = undefined;
    return info;
  });
  return baseInfo;
}

/** Where to go after signing in: the page that sent the user here, if it is one of ours. */
export function afterSignIn(to: string | null | undefined): string {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith(SIGN_IN_PATH) ? to : '/apps';
}

// ---------------------------------------------------------------------------------------------------------------
// External providers

const PENDING_KEY = 'lodestar.externalSignIn';

/** What the callback page needs to finish a sign-in the console started: the provider, and what it was for. */
export interface PendingExternal {
  provider: string;
  /** Where to go after signing in. */
  to?: string;
  /** Link this app's organisation to the provider's account (blue-cloud) instead of signing in. */
  linkAppId?: string;
}

/** Leaves for the provider's sign-in page; it comes back to the provider's callback page on this origin. */
export function startExternalSignIn(provider: { Id: string; CallbackPath: string }, pending: Omit<PendingExternal, 'provider'> = {}): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...pending, provider: provider.Id }));
  } catch {
    // Without storage the callback page falls back to the provider of its own path.
  }
  const callbackUrl = `${location.origin}${provider.CallbackPath}`;
  location.assign(`/auth/providers/${encodeURIComponent(provider.Id)}/start?callbackUrl=${encodeURIComponent(callbackUrl)}`);
}

/** The sign-in this browser started, once: reading it forgets it. */
export function takePendingExternal(): PendingExternal | undefined {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as PendingExternal) : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------

type LoginParams = ({ email: string; password: string } | ProviderSignIn) & { to?: string };

export const authProvider: AuthProvider = {
  async login({ to, ...body }: LoginParams) {
    try {
      const answer = await request<SignInAnswer>('/auth/auth-login', {
        method: 'POST',
        body,
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
