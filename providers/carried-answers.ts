import type { AppRecord } from './types';

/**
 * Answers carried in the console's page: for an app's page opened directly (a reload, a bookmark) with a session,
 * the server makes the page's first reads itself — the sessions, the app's record, the list's first page — and
 * writes their answers into the page (server/console-carried.ts), so the page's code finds them when it asks instead
 * of waiting for each call in turn (providers/http.ts `request`). The browser's code and the server both read this
 * module: the call's key and the app's credential are written once.
 */

/** The element of the page that holds the answers, as JSON (`CarriedAnswer[]`). */
export const CARRIED_ANSWERS_ID = 'carried-answers';

/** How long after the page opened its carried answers may still be taken; later, the call is made again. */
export const CARRIED_ANSWERS_MS = 10_000;

export interface CarriedAnswer {
  key: string;
  body: unknown;
}

/**
 * Resolves once the page has been read to its end; nothing when it already has. A page that carries answers lets its
 * code run as soon as it has loaded, before the answers arrive (server/console-page.ts): a call made meanwhile waits
 * for them instead of making the call the server is making already.
 */
export function pageRead(): Promise<void> | undefined {
  if (typeof document === 'undefined' || document.readyState !== 'loading') return undefined;
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

/** A call's key: method, the app it is made for (if any), address with its query, JSON body (if any). */
export const callKey = (method: string, appId: string | undefined, url: string, body?: unknown): string =>
  `${method} ${appId ?? ''} ${url} ${body === undefined ? '' : JSON.stringify(body)}`;

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function serviceAuthorization(app: Pick<AppRecord, 'AppId' | 'AppServiceSecret'>): string {
  return `Basic ${base64(`${app.AppId}:${app.AppServiceSecret}`)}`;
}

/**
 * How a service call names its app (spec 000 §6): members send the app's Basic credential; an administrator who
 * is not a member of the app's organisation (the record came through the administrator session, so it carries
 * no Role) names the app in both app-id headers instead.
 */
export function appHeaders(app: Pick<AppRecord, 'AppId' | 'AppServiceSecret' | 'Role'>): Record<string, string> {
  if (!app.Role) return { 'X-App-Id': app.AppId, 'X-Lodestar-App-Id': app.AppId };
  return { Authorization: serviceAuthorization(app) };
}
