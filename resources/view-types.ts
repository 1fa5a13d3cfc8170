/**
 * The declaration format's views: what a record's page, a service's page and a game client read beside the
 * records' own calls (lists a call answers, one answered object, a page of a call with filters and row commands,
 * player reads and lookups). Part of the format in `types.ts`, which exports these too.
 */
import type { EndpointApi } from './call-types';
import type { RecordChartDecl } from './dashboard-types';
import type { CommandDecl, JsonSchema, Text } from './types';

/**
 * A detail view: one object a service call answers about one record (a product's price and contents resolved, a
 * user's real-name check), shown on the record's page as a description list: `GET <item path><path>` (see
 * `viewCall`). Asked again whenever the record's version changes.
 */
export interface DetailViewDecl {
  /** Unique within the resource; the console marks the block `data-testid="detail-<name>"`. */
  name: string;
  label: Text;
  /** Appended to the item path, e.g. `/real-name` → `GET /users/:id/real-name`. */
  path: string;
  /**
   * What the call answers: an object schema, documented as the route's answer. Its properties' `x-ui` say how each
   * shows: `title`, `values` (labels and tag colours), `empty` (what an absent value means), `when`, `link`,
   * `widget: 'money' | 'code'`, and on an object (or a list's items) `summary` and `tags` to read it as one line.
   */
  answer: JsonSchema;
  /** Answer fields shown, in order (default: every property of `answer` not marked `hideInDetail`). */
  fields?: string[];
  /** An answer field shown beside the label as a tag (by its `x-ui.values`), e.g. whether a check passed. */
  tag?: string;
  /** What the block says when the answer holds none of `fields` (a check not passed yet). */
  empty?: Text;
  /** What the API document says of the call (see `EndpointApi`). */
  api?: EndpointApi;
}

/**
 * A read-only list a service call answers about one record, shown on the record's page (a user's ban history, a
 * code's redemptions, a tag's holders): `GET <item path><path>`, or in passport `POST <item path><path>/search`
 * with `{ count, start }` (see `viewCall`), answering `{ total, <listKey>: [...] }`.
 */
export interface ViewDecl {
  /** Unique within the resource; the console marks the list `data-testid="view-<name>"`. */
  name: string;
  label: Text;
  /** Appended to the item path, e.g. `/ban-actions` → `GET /users/:id/ban-actions`. */
  path: string;
  /** `GET` (default) sends paging as the query; `POST` is the passport search convention. */
  method?: 'GET' | 'POST';
  /** The key of the array in the answer. */
  listKey: string;
  /**
   * What a row is: an object schema (its `x-ui` titles, `values`, `link`, `when` say how a column shows), or the
   * name of a resource of the same service whose records the rows are (shown and linked as that resource's).
   */
  row: JsonSchema | string;
  /** Row fields shown as columns, in order. */
  columns: string[];
  /** The field (or fields, joined) that tells rows apart. */
  rowKey: string | string[];
  /** What the list says when it has no rows. */
  empty: Text;
  /**
   * `server`: each page is asked for (`count`, `start`; with `by: 'page'`, `page` from 1 and `pageSize`, as a REST
   * list and Safe's detect board take it); `client`: one call answers every row (up to `count` when given) and the
   * console pages them.
   */
  paging: { mode: 'server' | 'client'; pageSize: number; count?: number; by?: 'page' };
  /** Beside the title: a sentence about the answer, `{{total}}` standing for its total. */
  summary?: Text;
  /** Views sharing a group are shown as tabs of one card under it, each tab with its total. */
  group?: Text;
  /** Asked again whenever the record's version changes (an action on the page, e.g. a ban). */
  refetchOnChange?: boolean;
  /** The rows are records of `row` that refer to this record, and the engine serves the call (see `RowsOfDecl`). */
  rowsOf?: RowsOfDecl;
  /** Calls on one row (a member's role, an item's publish), offered on each row (see `RowCommandDecl`). */
  rowCommands?: RowCommandDecl[];
  /**
   * Names of the resource's `item` commands offered on the view instead of with the record's other buttons (a proxy
   * cache's clear beside what it holds); the view is read again after one (see `viewCommands`).
   */
  recordCommands?: string[];
  /** Without `rowsOf`: what the API document says of the call (see `EndpointApi`). */
  api?: EndpointApi;
}

/**
 * A call on one row of a view, offered as a button on the row: `<method> <view's path><path>`, the view's path with
 * the record's id in place, and each `:name` of `path` the row's field of that name (`/:personaId/role` on a guild's
 * members is `PUT /guilds/:id/members/:personaId/role`); see `rowCommandCall` (`resources/view-call.ts`). The
 * dialog's fields start from the row's values of the same names; the view is read again after it.
 */
export interface RowCommandDecl extends Pick<CommandDecl, 'name' | 'label' | 'fields' | 'confirm' | 'danger' | 'api'> {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Appended to the view's path; `''` calls the view's path itself (an item replaced by id). */
  path: string;
  /** Offered on the rows whose fields hold one of these values, like an action's `from`; disabled on the others. */
  when?: Record<string, (string | number | boolean | null)[]>;
}

/** A filter of a page's view, above its list; its value is sent as the call's parameter `name`. */
export interface ViewFilterDecl {
  /** The call's parameter: a query field (a search body field for `POST`), or a `:name` of the view's path. */
  name: string;
  label: Text;
  /**
   * `select`: one of `values` (`all` makes it a row of buttons, `all` naming the first); `reference`: a record of the
   * service chosen by its name as one types (`optionsFrom`); `text`; `dateRange`: two parameters, `range`.
   */
  kind: 'select' | 'reference' | 'text' | 'dateRange';
  values?: Record<string, { label: Text }>;
  all?: Text;
  optionsFrom?: { resource: string; value: string; label?: string };
  /** For `dateRange`: the parameters of its start and end (ISO times). */
  range?: [string, string];
  /** Read from the page address's query under this name (a link may open the page filtered), and kept there. */
  param?: string;
}

/**
 * A button to another page of the service: its route (relative, as in `PageDecl.route`) and label; on a record's
 * page (`ResourceDecl.links`), `params` names the record's field that fills each parameter of the route besides the
 * app (`{ funcId: 'id' }`: a function's autoscaler page from the function's). Checked at start-up
 * (server/engine/page-links.ts): the route is one the service declares and each of its parameters is filled.
 */
export interface PageLinkDecl {
  route: string;
  label: Text;
  params?: Record<string, string>;
}

/**
 * A page's list of one of the service's calls, not under a record (`PageDecl.view`): `GET <path>` under the service
 * base, or passport's `POST <path>/search`; `:appId` in the path is the app, any other `:name` a filter's value (the
 * list waits for it, saying `choose`) or, when the page's route names it too (`func/:funcId/autoscaler`), the
 * address's. Filters, the toolbar's commands and the rows' commands are declared with it.
 */
export interface PageViewDecl extends ViewDecl {
  subtitle?: Text;
  /** A note above the list (an info banner). */
  notice?: Text;
  filters?: ViewFilterDecl[];
  /** What the list says while a filter its path needs is unset. */
  choose?: Text;
  /** What the list says when filters are set and nothing matches (default `empty`). */
  emptyFiltered?: Text;
  /** The page's toolbar: `collection` commands, their `path` under the service base. */
  commands?: CommandDecl[];
  /** Links in the toolbar to other pages of the service (relative routes that name no parameter but the app). */
  links?: PageLinkDecl[];
  /** Toolbar buttons that send a picked file to a declared call whose body is a file (see `UploadButtonDecl`). */
  uploads?: UploadButtonDecl[];
  /** A toolbar button saving the file a declared `GET` call answers for the list's filters (`PageDownloadDecl`). */
  download?: PageDownloadDecl;
  /** Objects calls answer about what the page shows, each a description list above the list (`PageDetailDecl`). */
  details?: PageDetailDecl[];
  /** Charts above the list, drawn from calls' answers (`PageChartDecl`). */
  charts?: PageChartDecl[];
}

/**
 * A page's download (`PageViewDecl.download`): the declared `GET` call `call`, its path's parameters the page's (the
 * app, the filters, the address's) and its query the set filters the call's query declares, as the list sends them,
 * paging aside; the answer is saved as a file under the name its `content-disposition` gives. Disabled while a
 * parameter its path needs is unset.
 */
export interface PageDownloadDecl {
  call: string;
  label: Text;
}

/**
 * A page's detail (`PageViewDecl.details`): `GET <path>` under the service base, its parameters filled as the view's,
 * shown as a record's detail view is (`DetailViewDecl`: `answer`, `fields`, `tag`, `empty`); asked again after a
 * toolbar command and on refresh. The call must be one of the service's declared calls (its `api` is that call's).
 */
export type PageDetailDecl = Omit<DetailViewDecl, 'api'>;

/**
 * A page's chart (`PageViewDecl.charts`): a record chart whose `from.path` is under the service base, its parameters
 * filled as the view's, `from.query` sent beside the set filters the chart's `filters` names. Charts sharing a `from`
 * share one call; asked again on refresh and every `from.refreshSeconds`.
 */
export type PageChartDecl = RecordChartDecl & { from: NonNullable<RecordChartDecl['from']>; filters?: string[] };

/**
 * A button that sends a file to the declared call `call` (one with `upload`: Safe's protect): the file picker offers
 * the call's `upload.extensions` and types, the call's `appParam` is the app's id, the file's name is sent in the query
 * parameter `fileNameParam`; the progress is shown, and the server's refusal in the console's language. When the call
 * answers a record of the resource `opens`, its page opens (`resources/upload-call.ts`).
 */
export interface UploadButtonDecl {
  call: string;
  label: Text;
  fileNameParam?: string;
  opens?: string;
}

/**
 * Whose records a player read answers, per field: the signed-in player's user id (`user`), their selected persona's
 * id (`persona`: the call needs a selected persona, 409 otherwise), or the selected persona's or none
 * (`persona-or-none`: the field is absent, or names the selected persona).
 */
export type PlayerOwner = 'user' | 'persona' | 'persona-or-none';

/**
 * A read the game client makes with a player token (`auth: 'player'`): `GET <service base><path>` answers this
 * resource's records that belong to the signed-in player (every `owner` field) — or, with `owner: 'app'`, any of the
 * player's app (a directory every player may browse) — and match `where`, in `orderBy` order, as
 * `{ total, <listKey>: [...] }`. The engine mounts it (`server/engine/player-routes.ts`); the service that issues
 * player tokens registers who the player is.
 */
export interface PlayerReadDecl {
  /** Under the service base, e.g. `/sdk/reports`. */
  path: string;
  /** What the call answers, for the API document (English). */
  summary: string;
  owner: Record<string, PlayerOwner> | 'app';
  /** The call needs a selected persona (409 otherwise), as one with a `persona` owner field does. */
  persona?: boolean;
  /** A `q` of at most this many characters searches the list's `search` fields (part of the text, any case). */
  search?: number;
  /** Fixed conditions: a field equal to a value, or to one of a list (what is live: a state in a set). */
  where?: Record<string, string | number | boolean | string[]>;
  /** Fields the query may filter on (exact match), with the field's own schema. */
  filters?: string[];
  /** Field names, `-` first for descending; the id breaks ties. */
  orderBy: string | string[];
  listKey: string;
  /** Without `{ count, start }` paging: one answer of every matching record, up to this many. */
  unpaged?: number;
  /** `{ count, start }` bounds of the spec's own (default 1000 a call, 50 by default, starts up to 10,000,000). */
  paging?: { max: number; count: number; lastStart: number };
  /**
   * Other records of the player's app answered beside the list, each under its key (a shop's categories beside its
   * products): every record of `resource` of the same service, in `orderBy` order, up to `limit`.
   */
  alongside?: Record<string, { resource: string; orderBy: string | string[]; limit: number }>;
  /** Let a player whose selected persona is banned through (to read their own account). */
  allowBannedPersona?: boolean;
}

/**
 * A lookup for choosing a record or a value (a console's select): `GET <service base><path>` answers
 * `{ total, <listKey>: [...] }`, read with the resource's read access.
 * - `fields`: each record's `fields` (id and title, say), in `orderBy` order;
 * - `groupBy`: the distinct values of a field (empty ones left out unless `keepEmpty`), each with how many records
 *   have it, as `{ <as>, count }` by value (`as` defaults to `name`); with `enumerate`, every value of the field's
 *   `enum` in its order, those no record has with 0.
 */
export interface LookupDecl {
  /** Under the service base, e.g. `/battle-pass/names`. */
  path: string;
  summary: string;
  listKey: string;
  fields?: string[];
  orderBy?: string;
  groupBy?: string;
  as?: string;
  keepEmpty?: boolean;
  enumerate?: boolean;
}

/**
 * A view whose rows are the records of its `row` resource (or of `resource`; of the same service) that refer to the
 * record: their `field` holds its id, or with `contains` holds it among others (a list of tag ids). The engine serves
 * `GET <item path><path>` (`server/engine/record-views.ts`) with the resource's read access: 404 when the record is
 * not in the caller's scope, rows in `orderBy` order, `{ count, start }` paged when the view pages on the server,
 * every row up to `limit` otherwise.
 */
export interface RowsOfDecl {
  field: string;
  contains?: boolean;
  orderBy: string | string[];
  limit?: number;
  /** What the call answers, for the API document (English). */
  summary: string;
  /** Fixed conditions on the rows: a field (or the record's `status`) equal to a value, or to one of a list. */
  where?: Record<string, string | number | boolean | string[]>;
  /**
   * When `row` is a schema rather than a resource: the resource whose records the rows are. Each row then answers
   * the schema's properties of its record (`createdAt` and the like included), one the record lacks as null, instead
   * of the whole record (an answer the spec fixes without the record's bookkeeping).
   */
  resource?: string;
}
