/**
 * A service's own call, declared as data: its method, path, caller, request and answer shapes and errors. The engine
 * mounts it and documents it in the API document from this declaration; the service's module supplies only the
 * behaviour, as a handler under the same name (checked at start-up: no declared call without a handler, no handler
 * without a declared call). The console, the documentation and the tests read the same declarations.
 */
import type { ResponseDef } from './call-shapes';
import type { JsonSchema, Principal } from './types';

/**
 * Who makes the call:
 * - `service`: the console or the game's server, with the app credential (or an administrator);
 * - `player`: the game client, with a player token of the service that issues them;
 * - `persona`: as `player`, acting as the persona the player selected (409 without one);
 * - `public`: the game client before it signs in, with no token: the call names its app by `appId` (in the body, or
 *   a GET's query), which must exist (404) and have the service enabled (403); see `appCredential`;
 * - `account`: a person signed in to the console (a user's or an administrator's session; 401 without one), in no
 *   app: the call acts in the account's own scope (`scopeId` is the account's id), whatever apps the person has.
 */
export type CallCaller = 'service' | 'player' | 'persona' | 'public' | 'account';

export interface CallDecl {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * Under the service's base; player calls under its `/sdk` (a public call's path is written in full). Every `:name`
   * is an id unless `params` types it.
   */
  path: string;
  caller: CallCaller;
  /** What the call does, for the API document (English). */
  summary: string;
  /** The path parameters' schemas where they are not plain ids. */
  params?: Record<string, JsonSchema>;
  body?: JsonSchema;
  /** A body that may be left out (the handler is then given `{}`). */
  optionalBody?: JsonSchema;
  /** A GET's or DELETE's query (a DELETE of what a query selects: a directory's entries), or an upload's. */
  query?: JsonSchema;
  /**
   * The body is a file's raw bytes (a package to check) instead of JSON: sent with one of `types` as its Content-Type
   * (415 otherwise; `application/octet-stream` is always taken), at most the deployment's upload limit (413); the
   * behaviour is given the bytes as `file` and the query as its input. `extensions`: the file names' endings a
   * console's file picker offers (`.apk`), beside the types.
   */
  upload?: { types: string[]; extensions?: string[] };
  /** The success answer, given with `status` (default 200); `more`: other success answers the handler chooses. */
  answer: ResponseDef;
  status?: number;
  more?: Record<number, ResponseDef>;
  /** The error statuses the call may answer. */
  errors: number[];
  /** A player call that lets a player through whose selected persona is banned, or who has not passed the
   * service's identity check (to see their account, pick another persona, or pass the check). */
  player?: { allowBannedPersona?: boolean; identityCheckExempt?: boolean };
  /**
   * A `public` call the game's server may make with the app credential instead: without `appId`, or when the input
   * holds a value `serverOnly` lists (`{ method: ['ServerSide'] }`: values only the game's server may send), it acts
   * in the credential's app (401 without the credential, 403 when a named `appId` is another app's), and `actor` is
   * the credential's; without `appId` and without a credential sent, 400 on `/appId`.
   */
  appCredential?: { serverOnly?: Record<string, string[]> };
  /**
   * A `service` call the app may make with a credential newer than the one the server holds (the account service's
   * notice that the app's secret changed): a refused app credential drops what the server cached for the app and is
   * checked once more.
   */
  freshCredential?: boolean;
  /**
   * The engine performs it: the caller's app's credentials cached by the server are dropped, answering
   * `{ refreshed: true }` (`refreshTokenCall`, a service's `refreshTokenPath`); no module gives its behaviour.
   */
  forgetsCredentials?: true;
  /**
   * Who may make a `service` call, where that is narrower than the app credential and administrators: the platform's
   * own settings a service keeps (Push's server versions) are `['admin']`. The service's code enforces it (the engine
   * does for a `platform` call); the route and its documentation say it.
   */
  access?: Principal[];
  /**
   * A `service` call on the platform's records (a resource of `scope: 'platform'`, Push's server versions): it acts
   * in the platform's scope, made by an administrator's session alone (no app named) or with an app credential, as
   * `access` allows (default both); the engine refuses the others (403) before the behaviour runs.
   */
  platform?: true;
  /** The API document's group, when not the service's own. */
  tag?: string;
  /**
   * A call on one record of the service's (app-scoped) resource `resource`: the path starts with its item path
   * (`/leaderboards/:id/...`), and the engine finds the record the path names in the caller's scope, by id or
   * `addressBy`, and gives it to the behaviour — or answers 404 (with `missing` as its message). A service call on
   * a record is made with the resource's `read` access (a GET) or its `write` access.
   */
  record?: { resource: string; missing?: string };
  /**
   * The path parameter that names the caller's own app where the spec puts it in the address (wind's
   * `/api/wind/{id}/publish`): the console puts the app's id there when it makes the call (`commandCallAddress`); the
   * engine answers 404 for another app's before the behaviour runs (or an upload's body is read).
   */
  appParam?: string;
}

/**
 * What the API document says of a resource's endpoint whose behaviour the service gives by name (a command without
 * a `kind`, an action `implementedBy: 'service'`, a detail view, a view without `rowsOf`, a row command): the module's
 * `calls` map holds it as `<resource>.<name>` (a row command `<resource>.<view>.<name>`); the method, path, body and
 * access come from the declaration itself.
 */
export interface EndpointApi {
  /** What the call does (English); required unless `call` says who serves it. */
  summary?: string;
  /**
   * The service's declared call (`ServiceDecl.calls`) that performs it instead of an endpoint of its own (a game's
   * call a guild's join request is approved at); the engine then mounts nothing for it and checks the call exists.
   */
  call?: string;
  /** The success answer, when not the declaration's own answer schema (or any object). */
  answer?: ResponseDef;
  /** The error statuses, when not 400, 401, 403, 404 and 409. */
  errors?: number[];
  /** The query the call also takes (a view's own filter or row limit), given to the behaviour as its input. */
  query?: JsonSchema;
}

/** Where a declared call is served: under the base, or the base's `/sdk` for the game client's calls. */
export function callUrl(base: string, call: Pick<CallDecl, 'caller' | 'path'>): string {
  return `${base}${call.caller === 'player' || call.caller === 'persona' ? '/sdk' : ''}${call.path}`;
}
