import type { HttpError } from '@refinedev/core';
import { t, translateServerMessage } from './i18n';
import { toast } from './notification';
import { appHeaders, callKey, CARRIED_ANSWERS_ID, CARRIED_ANSWERS_MS, pageRead, serviceAuthorization, type CarriedAnswer } from './carried-answers';
import type { AppRecord, ErrorBody, FieldIssue } from './types';

/**
 * The console's one HTTP client, with the shared call behaviour of spec 000 §7-§8:
 * - by default a failure shows a toast and the call resolves to `null`;
 * - `ignoreErrors`: a failure resolves to `null` (or `false` from `ok`) and shows nothing;
 * - `throwResponse`: a failure is thrown as an `ApiError` (after its toast);
 * - the header `X-Silent-Error: 1` (or `silent: true`) suppresses the toast;
 * - 401 ends the session: the cookies scripts can reach are removed, the server is told, a warning is shown
 *   and the sign-in page opens.
 * Service calls name their app (`appId`) and carry `Basic base64(AppId:AppServiceSecret)` read from the app record
 * (administrators who are not members send the app id headers instead, see `appHeaders`).
 */

export type QueryValue = string | number | boolean | null | undefined | (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A service call on behalf of this app: sends the app's service credential. */
  appId?: string;
  /** A call made without a session (signing in): 401 is an ordinary error, not an expired session. */
  anonymous?: boolean;
  ignoreErrors?: boolean;
  throwResponse?: boolean;
  /** Shorthand for the `X-Silent-Error: 1` header. */
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * A read asked ahead of the screen that needs it (a deep link's first page, asked while the page's code loads): its
   * answer waits for the same read made by the screen, which takes it once (`request`). Never toasts by itself.
   */
  ahead?: boolean;
  /**
   * A read made of the answer asked ahead (`ahead`) of the same read: it takes that answer as it comes, failed or not,
   * and asks nothing itself — with none to take, it fails (`NOT_ASKED_AHEAD`). A list's page read ahead through its
   * data provider once the declarations are in (providers/lists-ahead.ts).
   */
  fromAhead?: boolean;
}

export const SILENT_HEADER = 'X-Silent-Error';
/** Set by a user's sign-in beside its HttpOnly session cookie and cleared with it, readable here; no secret. */
export const SESSION_MARKER_COOKIE = 'userId';
export const SESSION_COOKIES = ['sst', 'admin_sst', SESSION_MARKER_COOKIE, 'userName'];
export const SIGN_IN_PATH = '/login-authorize';

/** A failed call: `message` is the text shown to the user, `serverMessage` what the server said. */
export class ApiError extends Error implements HttpError {
  readonly statusCode: number;
  readonly code?: string;
  readonly serverMessage: string;
  readonly details: FieldIssue[];
  readonly response?: Response;
  readonly errors: Record<string, string>;
  /** The error's body as the server sent it. */
  readonly body: ErrorBody;

  constructor(statusCode: number, text: string, body: ErrorBody = {}, response?: Response) {
    super(text);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = body.code;
    this.serverMessage = body.message ?? body.errorMsg ?? '';
    this.details = Array.isArray(body.details) ? body.details : [];
    this.response = response;
    this.body = body;
    this.errors = Object.fromEntries(this.details.map((d) => [d.field, translateServerMessage(d.message)]));
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// ---------------------------------------------------------------------------------------------------------------
// Session expiry

let onSessionExpired: ((from: string) => void) | undefined;
let lastExpiry = 0;

/** Lets the router take over the redirect to the sign-in page (no full reload). */
export function setSessionExpiredHandler(handler: ((from: string) => void) | undefined): void {
  onSessionExpired = handler;
}

/** Whether this browser likely holds a user's session (its marker cookie is there): a hint, the server decides. */
export function hasSessionMarker(cookies = document.cookie): boolean {
  return cookies.split(';').some((c) => {
    const [name, value] = c.trim().split('=');
    return name === SESSION_MARKER_COOKIE && !!value;
  });
}

export function clearSessionCookies(): void {
  for (const name of SESSION_COOKIES) document.cookie = `${name}=; Max-Age=0; path=/`;
}

function expireSession(): void {
  const now = Date.now();
  if (now - lastExpiry < 3000) return;
  lastExpiry = now;
  clearSessionCookies();
  forgetApps();
  void fetch('/auth/logout', { method: 'POST', headers: { 'Cache-Control': 'no-cache' } }).catch(() => undefined);
  toast('warning', t('errors.sessionExpired'));
  const from = `${location.pathname}${location.search}`;
  if (location.pathname === SIGN_IN_PATH) return;
  if (onSessionExpired) onSessionExpired(from);
  else location.assign(`${SIGN_IN_PATH}?to=${encodeURIComponent(from)}`);
}

// ---------------------------------------------------------------------------------------------------------------
// App records and their service credential

const apps = new Map<string, Promise<AppRecord>>();

/**
 * The app record (GET /api/app/:appId), read once and kept until `forgetApp`. Throws `ApiError` quietly.
 * `beforeSessions`: asked on the session marker alone, before the sessions call answered; a 401 then fails only
 * this read (and is forgotten) instead of ending the session.
 */
export function getApp(appId: string, beforeSessions = false): Promise<AppRecord> {
  let pending = apps.get(appId);
  if (!pending) {
    const options: RequestOptions = { throwResponse: true, silent: true, anonymous: beforeSessions };
    pending = request<AppRecord>(`/api/app/${encodeURIComponent(appId)}`, options).then((app) => {
      if (!app) throw new ApiError(404, translateServerMessage('not found'));
      return app;
    });
    pending.catch(() => apps.delete(appId));
    apps.set(appId, pending);
  }
  return pending;
}

export function forgetApp(appId: string): void {
  apps.delete(appId);
}

export function forgetApps(): void {
  apps.clear();
}

export { appHeaders, serviceAuthorization };

// ---------------------------------------------------------------------------------------------------------------
// Requests

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function headersFor(options: RequestOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Cache-Control': 'no-cache', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.silent) headers[SILENT_HEADER] = '1';
  if (options.appId) Object.assign(headers, appHeaders(await getApp(options.appId)));
  return headers;
}

/** A failed call's words in the console's language: by its status, else what the server said. */
export function errorText(status: number, body: ErrorBody, anonymous = false): string {
  if (status === 0) return t('errors.network');
  if (status === 401 && !anonymous) return t('errors.sessionExpired');
  if (status === 403) return t('errors.forbidden');
  if (status === 423) return t('errors.locked');
  if (status >= 400 && status < 500) return translateServerMessage(body.message || body.errorMsg || 'Bad Request');
  return translateServerMessage('Internal Server Error');
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The services whose failed calls keep their toast longer (spec 000 §9), set when the console loads. */
let longToasts: { base: string; seconds: number }[] = [];

export function setServiceToastSeconds(services: { base: string; errorToastSeconds?: number }[]): void {
  longToasts = services.flatMap((s) => (s.errorToastSeconds ? [{ base: s.base, seconds: s.errorToastSeconds }] : []));
}

/** How long a failed call's toast stays: the service's own setting, else the default. */
export function errorToastSeconds(path: string): number | undefined {
  return longToasts.find((s) => path === s.base || path.startsWith(`${s.base}/`))?.seconds;
}

function failure<T>(error: ApiError, options: RequestOptions, path: string): T | null {
  if (options.ignoreErrors) return null;
  const silent = options.silent || options.headers?.[SILENT_HEADER] === '1';
  if (error.statusCode === 401 && !options.anonymous) expireSession();
  else if (!silent) toast(error.statusCode === 403 ? 'warning' : 'error', error.message, errorToastSeconds(path));
  if (options.throwResponse) throw error;
  return null;
}

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** Sends a call and reads a successful answer with `read`; a failure is handled as described above. */
async function send<T>(path: string, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<T | null> {
  const url = buildUrl(path, options.query);
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers: await headersFor(options),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
        cache: 'no-store',
        signal: options.signal,
      });
    } catch (e) {
      if (isAbort(e)) throw e;
      // The app record could not be read (its own failure was already handled), or the network is down.
      return failure<T>(isApiError(e) ? e : new ApiError(0, t('errors.network')), { ...options, silent: options.silent || isApiError(e) }, path);
    }
    if (response.ok) return read(response);
    // A rotated service secret: read the app again once before giving up.
    if (response.status === 401 && options.appId && attempt === 0) {
      forgetApp(options.appId);
      continue;
    }
    const raw = await readBody(response);
    const body: ErrorBody = raw && typeof raw === 'object' ? (raw as ErrorBody) : {};
    return failure<T>(new ApiError(response.status, errorText(response.status, body, !!options.anonymous), body, response), options, path);
  }
}

/** The answers the page carried (providers/carried-answers.ts), by call: read once, each taken once. */
let carriedAnswers: Map<string, unknown> | undefined;

function takeCarried<T>(key: string): Promise<T | null> | undefined {
  // A page without an element API (the declarations read on the server, with a stand-in page) carries nothing.
  if (typeof document?.getElementById !== 'function' || performance.now() > CARRIED_ANSWERS_MS) return undefined;
  if (!carriedAnswers) {
    const text = document.getElementById(CARRIED_ANSWERS_ID)?.textContent;
    let list: CarriedAnswer[] = [];
    try {
      list = text ? (JSON.parse(text) as CarriedAnswer[]) : [];
    } catch {
      // A page whose answers cannot be read makes its calls as usual.
    }
    carriedAnswers = new Map(list.map((a) => [a.key, a.body]));
  }
  if (!carriedAnswers.has(key)) return undefined;
  const body = carriedAnswers.get(key) as T;
  carriedAnswers.delete(key);
  return Promise.resolve(body);
}

/** Reads asked ahead (`RequestOptions.ahead`), by call, until the screen takes them or they grow old. */
const asked = new Map<string, { at: number; answer: Promise<unknown> }>();
const ASKED_AHEAD_MS = 10_000;
/** The failure of a read made of an answer asked ahead (`RequestOptions.fromAhead`) when none was. */
export const NOT_ASKED_AHEAD = 'not asked ahead';

/** Sends a call. Resolves to the answer (`undefined` when it has no body) or, on failure, see above. */
export function request<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  // The page's carried answers are still on their way: the call is decided once they are in.
  const read = pageRead();
  if (read) return read.then(() => request<T>(path, options));
  const answer = () => send(path, options, async (response) => (await readBody(response)) as T);
  const key = callKey(options.method ?? 'GET', options.appId, buildUrl(path, options.query), options.body);
  const carried = takeCarried<T>(key);
  const kept = asked.get(key);
  const before = kept && Date.now() - kept.at < ASKED_AHEAD_MS ? kept : undefined;
  if (options.fromAhead) {
    asked.delete(key);
    return before ? (before.answer as Promise<T | null>) : (carried ?? Promise.reject(new Error(NOT_ASKED_AHEAD)));
  }
  if (options.ahead) {
    const early = carried ?? send(path, { ...options, silent: true, throwResponse: true }, async (response) => (await readBody(response)) as T);
    asked.set(key, { at: Date.now(), answer: early });
    early.catch(() => asked.delete(key));
    return early;
  }
  if (carried) return carried;
  asked.delete(key);
  // A read asked ahead that failed is asked again, so its failure is reported the way this caller wants.
  return before ? (before.answer as Promise<T | null>).catch(answer) : answer();
}

/** A file a call answered with, and the name the server gave it (`Content-Disposition`), if any. */
export interface ReceivedFile {
  blob: Blob;
  name?: string;
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` preferred over `filename=`). */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || undefined;
}

/** A call whose answer is a file (an export): sent with the same credential and failure handling as `request`. */
export function requestFile(path: string, options: RequestOptions = {}): Promise<ReceivedFile | null> {
  return send(path, options, async (response) => ({ blob: await response.blob(), name: dispositionName(response.headers.get('content-disposition')) }));
}

/** A call whose answer's headers matter too (a cdn list's total is its `Content-Range`); failures are thrown. */
export async function requireOkWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<{ body: T; headers: Headers }> {
  const answer = await send(path, { ...options, throwResponse: true }, async (response) => ({ body: (await readBody(response)) as T, headers: response.headers }));
  return answer as { body: T; headers: Headers };
}

/** Whether a call succeeded; failures resolve to `false` quietly. */
export async function ok(path: string, options: RequestOptions = {}): Promise<boolean> {
  try {
    return (await request<unknown>(path, { ...options, ignoreErrors: true, throwResponse: false })) !== null;
  } catch {
    return false;
  }
}

/** A call whose failure is thrown (after its toast): the form Refine's data hooks expect. */
export async function requireOk<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, { ...options, throwResponse: true })) as T;
}

/** A call's answer as it came: its status and body, whether it succeeded or not. */
export interface Exchange {
  /** 0 when no answer came (the network). */
  status: number;
  body: unknown;
}

/**
 * A call whose answer is shown as it came (a playground): sent like `request`, with the same credential, but a
 * failure is an answer too, shown by the caller rather than a toast. 401 still ends a console session (not an
 * `anonymous` call's, such as one made with a player's token).
 */
export async function exchange(path: string, options: RequestOptions = {}): Promise<Exchange> {
  try {
    const answer = await send(path, { ...options, silent: true, throwResponse: true }, async (response) => ({ status: response.status, body: await readBody(response) }));
    return answer ?? { status: 0, body: undefined };
  } catch (e) {
    if (!isApiError(e)) throw e;
    return { status: e.statusCode, body: e.statusCode === 0 ? { message: e.message } : e.body };
  }
}
