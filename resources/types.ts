/**
 * The declaration format. A service is declared once, as data; the server mounts its API from it and the
 * console renders its screens from it. Nothing here may import React, Node APIs, the server or the console.
 */

import type { AcrossAppsDecl } from './across-apps';
import type { CallDecl } from './call-types';
import type { SocketDecl } from './socket-types';
import type { DetailViewDecl, LookupDecl, PageLinkDecl, PageViewDecl, PlayerReadDecl, ViewDecl } from './view-types';
import type { ChangeDecl, CreateOnceDecl } from './change-types';
import type { DashboardDecl, RecordChartDecl } from './dashboard-types';
import type { DemoEntry } from './demo-types';
import type { SdkEndpointDecl } from './sdk-endpoint-types';
import type { MovedTableDecl } from './move-types';
import type { CommandDecl } from './command-types';
import type { PlaygroundDecl } from './playground-types';
import type { ActionDecl } from './action-types';
import type { CounterDecl } from './counter-types';
import type { ChildDecl, ParentDecl, ReferenceDecl } from './relation-types';

export type { DetailViewDecl, ViewDecl, RowCommandDecl, ViewFilterDecl, PageViewDecl, PageDownloadDecl, PageDetailDecl, PageChartDecl, UploadButtonDecl, PlayerOwner, PlayerReadDecl, LookupDecl, RowsOfDecl } from './view-types';
export type { ChangeDecl, CreateOnceDecl, FieldCondition, RefusalDecl } from './change-types';
export type { DashboardDecl, DashboardSourceDecl, DashboardFigureDecl, DashboardChartDecl, DashboardTableDecl, DashboardBlockDecl, RecordChartDecl, RecordChartSource } from './dashboard-types';
export type { CommandDecl, CommandKind, ExportDecl, BulkDecl, ChooseDecl } from './command-types';
export type { MovedTableDecl } from './move-types';
export type { PlaygroundDecl, PlaygroundExampleDecl } from './playground-types';
export type { ActionDecl } from './action-types';
export type { CounterDecl } from './counter-types';
export type { ChildDecl, OnDelete, ParentDecl, ReferenceDecl } from './relation-types';
export type { DemoEntry, DemoRecordEntry, DemoUpdateEntry, DemoCallEntry, DemoServiceCallEntry, DemoTimedEntry, DemoStepEntry, DemoRef, DemoTime, DemoComputed } from './demo-types';

/** Text in the console's two languages. */
export interface Text {
  'zh-CN': string;
  en: string;
}

/**
 * A JSON Schema (draft 2020-12) with our `x-ui` hints. Kept loose on purpose: schemas are JSON files. On a
 * resource's properties the engine also reads `writeOnly: true` (a secret: taken on writes, never answered; see
 * `resources/field-access.ts`) and `x-access` (a `FieldAccess`).
 */
export type JsonSchema = Record<string, unknown>;

/**
 * Who may read or write one field of a resource (`x-access` on its schema property), when fewer than the
 * resource's `access`. A caller left out of `read` gets answers without the field; one left out of `write` gets 403
 * naming the field when a create carries it or an update changes it (an update that leaves it out keeps it).
 */
export interface FieldAccess {
  read?: Principal[];
  write?: Principal[];
}

/**
 * How a service's API pages and answers lists.
 * - rest: `GET <path>?page=&pageSize=&sort=&order=&<filter>=` → `{ total, items }`
 * - passport: `POST <path>/search` with `{ count, start, ... }` → `{ total, <plural>: [...] }`
 * - cdn: `GET <path>?offset=&limit=` → array, with the total in a `Content-Range` header
 */
export type Convention = 'rest' | 'passport' | 'cdn';

/** Who is asking. `app` is a caller holding the app credential (Basic AppId:AppServiceSecret). */
export type Principal = 'app' | 'admin' | 'finance-admin' | 'owner' | 'org-admin' | 'member' | 'user' | 'anonymous';

export type Operation = 'list' | 'create' | 'show' | 'update' | 'delete' | 'bulkDelete';

export interface StatusValue {
  /** Ant Design tag colour. */
  color: string;
  label: Text;
}

export interface StatusDecl {
  /** The record field that holds the state. */
  field: string;
  /** State given to a newly created record unless the create body names an allowed one. */
  initial: string;
  values: Record<string, StatusValue>;
  /** The state changes time makes (a scheduled record going live, one whose end passed expiring). */
  timed?: TimedMove[];
  /** Who the operation history names as making the timed changes (default `system:schedule`). */
  timedBy?: string;
  /** States a background job moves the record out of (a protection processing): its page reads it again every few seconds while in one. */
  watch?: string[];
}

/**
 * A state change time makes: a record in one of `from` (default: any state but `to`) whose `at` time has come goes
 * to `to`, written to the operation history as `<service>.<resource>.<action>` by `system:schedule`. The engine
 * (`server/engine/timed-states.ts`) makes it before each call whose path names the resource's path, so no answer is
 * behind the clock, and every few seconds while the server runs.
 */
export interface TimedMove {
  from?: string[];
  to: string;
  /** A date-time field of the record. */
  at: string;
  /** The move is made while `at` lies ahead instead (a released gift pack whose start has not come waits). */
  ahead?: boolean;
  action: string;
}

/**
 * A resource with exactly one record per scope (settings): `GET <path>` answers it, or the schema's defaults
 * before the first write; `write <path>` replaces it (carrying the version read, if any).
 */
export interface SingletonDecl {
  write: 'PUT' | 'POST';
  /** The record does not exist until created, and is addressed by the scope's id (see `CreateOnceDecl`). */
  createOnce?: CreateOnceDecl;
}

/**
 * A part of a record exposed as its own endpoint: `GET|PUT <item>/<path>` reads or replaces one field,
 * validated against that field's schema. E.g. an override's variants.
 */
export interface PartDecl {
  path: string;
  field: string;
  label: Text;
}

export interface ListDecl {
  /** Fields shown as columns, in order. */
  columns: string[];
  /** Fields the list can be filtered on (exact match; `q` does a text search over `search`). */
  filters?: string[];
  /** Fields the list can be sorted on. `createdAt` and `updatedAt` are always sortable. */
  sorters?: string[];
  /** Fields searched by the free-text `q` parameter. */
  search?: string[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  pageSize?: number;
  /**
   * Passport: the list call takes no paging (`GET <path>` answers every record as `{ total, <listKey>: [...] }`,
   * the login providers' list of the nine), so the console asks once and pages the rows itself.
   */
  unpaged?: boolean;
  /**
   * A sub-resource whose `field` is a path (`/` between directories) is browsed on its parent's page one directory
   * at a time, with breadcrumbs back up: the service's declared GET call `call` on the parent record, given the
   * directory in its query parameter `param` (`a/b`; none for the root), answers the directory's sub-directories
   * (`{ directory: true, <field>: 'a/b/c/', entryCount }`) then its records, paged as the service's lists are
   * (`resources/directory-list.ts`). A search or a filter lists every directory's records as the plain list does.
   */
  directories?: { field: string; call: string; param: string };
  /**
   * Text fields the list can be narrowed to the records holding a value of (`?has=<field>`): the configs with a game
   * named, listed under another service (`ServiceDecl.borrowed`).
   */
  has?: string[];
}

export interface AccessDecl {
  read: Principal[];
  write: Principal[];
}

export interface ResourceDecl {
  /** Unique within the service; also the API path segment unless `path` says otherwise. */
  name: string;
  label: Text;
  /** Singular, for "create a …" and page titles. */
  singular: Text;
  schema: JsonSchema;
  /** Path under the service base, e.g. `/configs`. */
  path: string;
  /** The record's id field; the server assigns it. */
  idField: string;
  /** The item path's parameter name where the spec names it (`/guilds/roles/:roleId`); default `id`. */
  idParam?: string;
  /** What the record is called in a sentence (its display field). */
  titleField: string;
  /**
   * `app`: each app's own records. `platform`: one set of records for the whole deployment (Push's server versions),
   * at the same paths, written and read by whom `access` names — `admin` an administrator's session naming no app,
   * `app` any app's credential (its app having the service enabled); the back office shows them on the page
   * `routes.admin` names; a plain collection (no parent, player reads or settings form), referring to no app's records.
   * `account`: each signed-in console person's own records (the assistant's conversation), the scope's id being the
   * account's; read and written only by the service's `account` calls, so the resource is `implementedBy: 'service'`.
   */
  scope: 'platform' | 'organisation' | 'app' | 'account';
  operations: Operation[];
  /**
   * The update answers these methods on the record's address too, beside PUT (spec 001 §7 gives Sync's tiers "GET,
   * POST, PUT /api/room-profile-tiers/{id}"): the same call, body and answer. Needs the `update` operation.
   */
  updateAlso?: 'POST'[];
  /** `DELETE <path>?<param>=a&<param>=b` removes several records at once. */
  bulkDeleteParam?: string;
  /**
   * The item delete takes `?<param>=true`, which deletes what refers to the record with `restrict` (and what their
   * own deletes reach) instead of refusing: a bucket that badges point into is deleted only so.
   */
  forceDelete?: { param: string };
  list: ListDecl;
  status?: StatusDecl;
  actions?: ActionDecl[];
  parts?: PartDecl[];
  /** Fields whose value must be unique within the scope (409 on a duplicate). */
  unique?: string[];
  access: AccessDecl;
  /**
   * Console routes under /services/:appId/. `list` may be shared by several resources (tabs); a singleton's `list`
   * is its settings form.
   */
  routes?: {
    list?: string;
    show?: string;
    /**
     * A platform-scoped resource's back-office page, under /admin (`push-version-management`): listed in the back
     * office's menu with the resource's label, the engine's table with its create and edit forms.
     */
    admin?: string;
  };
  /** Fields the console hides from forms (server-managed or edited elsewhere). */
  readOnly?: string[];
  /**
   * Passport convention: the key of the array in a search answer (`{ total, <listKey>: [...] }`); default the
   * resource name.
   */
  listKey?: string;
  /**
   * A unique field that addresses the record in item paths as well as its id (a slug name): `GET <path>/<slug>`.
   * Must be listed in `unique`.
   */
  addressBy?: string;
  /** Child resources listed on this record's page. */
  children?: ChildDecl[];
  /** Buttons on this record's page to other pages of the service about it, their parameters from its fields. */
  links?: PageLinkDecl[];
  /** Fields that refer to other records of the service, with what deleting those records does. */
  references?: ReferenceDecl[];
  /** Makes this a sub-resource nested under another resource's records (`path` is then relative to its item path). */
  parent?: ParentDecl;
  /** Read-only lists of the service's own calls about this record, shown on its page. */
  views?: ViewDecl[];
  /** Reads the game client makes with a player token, of the signed-in player's own records. */
  player?: PlayerReadDecl[];
  /** Lookups of the records' names or a field's values, for choosing one. */
  lookups?: LookupDecl[];
  /**
   * The back office lists this app-scoped resource across every app on its page under /admin (the records with their
   * app and organisation, per-app totals, an administrator's delete): see `resources/across-apps.ts`.
   */
  acrossApps?: AcrossAppsDecl;
  /** Buttons for the service's own calls on this resource. */
  commands?: CommandDecl[];
  /**
   * Service-specific panels shown on the record's page under its fields (charts, rankings): keys into the
   * console's page registry, each given the record.
   */
  panels?: string[];
  /** Charts of the record's own series (an array field of its schema) on its page, under its fields (`RecordChartDecl`). */
  charts?: RecordChartDecl[];
  /** Objects the service's own calls answer about this record, each shown on its page as a description list. */
  details?: DetailViewDecl[];
  /** One record per scope instead of a collection; `operations` is then ignored. */
  singleton?: SingletonDecl;
  /** A create-once singleton's changes of some of its fields at calls of their own (`ChangeDecl`). */
  changes?: ChangeDecl[];
  /** The service's own table its records were kept in before, moved into records once at start-up. */
  movedFrom?: MovedTableDecl;
  /**
   * Keep the records in the shared `records` table rather than in a table of their own (`records_<service>_<resource>`,
   * the shape of `records`, the default): for a resource the service's own tables refer to by foreign key
   * (`REFERENCES records (service, kind, id)`) or that a migration indexes there. Everything else stays as declared.
   */
  sharedTable?: true;
  /**
   * `service`: the service's own code serves the declared `operations` at the paths the engine would give them; the
   * engine stores the records (write-only fields included) for its queries, and the console renders the screens.
   */
  implementedBy?: 'service';
  /**
   * One record per value of the `addressBy` field's `enum` (an app's login providers): the list answers every value,
   * one never saved with the schema's defaults at version 0; `PUT <path>/<value>` creates or updates it
   * (`server/engine/enumerated.ts`). Its `operations` are `list`, `show` and `update`.
   */
  enumerated?: true;
}

export interface CatalogueEntry {
  icon: string;
  displayName: Text;
  label: Text;
  description: Text;
  /** What the service does, one line each: shown on its product page (`/product/...`) in the public site. */
  capabilities?: Text[];
  productPage?: string;
  docPage?: string;
  pricingTag?: Text;
  mainService: boolean;
  hide?: { menu?: boolean; dashboard?: boolean };
  video?: string;
  /**
   * Services that exclude each other (spec 000 §4): two services sharing a group name cannot both be enabled.
   * `single` applies to apps without SupportMultiServices, `multi` to apps with it.
   */
  exclusive?: { single?: string; multi?: string };
  /** Administrators see the service as Enabled without waiting for its runtime data (multiverse). */
  adminSeesEnabled?: boolean;
  /**
   * The service needs a provisioned project (hello): it shows Pending until its details report one, and the
   * console asks for it to be provisioned when it is missing.
   */
  needsProject?: boolean;
  /** Properties a newly enabled service starts with (spec 000 §3), e.g. lobby `{ type: 'realtime' }`. */
  defaultProperties?: Record<string, unknown>;
}

/**
 * One measure of a service's usage and how it becomes money. The recorded quantity (a `usage_events.meter`
 * key) divided by `per`, times the `coefficient` price, gives billable units; units times the `price` is the
 * line's gross amount; the `freeCredit` price (money, per app and month) is taken off, never below zero.
 */
export interface MeterDecl {
  /** The key the service records in `usage_events.meter`. */
  meter: string;
  label: Text;
  /** The billable unit, e.g. GB or 10,000 requests. */
  unit: Text;
  /** The key in `prices` of the unit price; a meter without one is measured but not billed. */
  price?: string;
  /** Recorded quantity per billable unit as a decimal string (bytes per GB: '1000000000'); default '1'. */
  per?: string;
  /** The key in `prices` of a multiplier applied to the units (CDN: usage coefficient). */
  coefficient?: string;
  /** The key in `prices` of a free amount of money per app and month taken off the line (CDN: free credit). */
  freeCredit?: string;
  /** The key in `prices` of what a unit costs the platform: data for margin reports, never billed. */
  costPrice?: string;
}

/** A console page of a service that is not a generated list: named here, implemented under src/pages. */
export interface PageDecl {
  route: string;
  label: Text;
  /** Key into the console's page registry; or else `view`. */
  component?: string;
  /** The page is a list of one of the service's calls, rendered by the engine (no registry entry). */
  view?: PageViewDecl;
  /**
   * A create-once singleton of the service (its name) shown in a card above the page's `view`: created there, its
   * fields shown, edited, and its declared changes offered as buttons.
   */
  record?: string;
  /** The page is a dashboard of figures, charts and tables over the service's calls, rendered by the engine. */
  dashboard?: DashboardDecl;
  /** Outside /services/:appId (e.g. a playground). */
  absolute?: boolean;
  /** The page is the service's playground, offering these calls (`resources/playground.ts`). */
  playground?: PlaygroundDecl;
}

/** One entry of a service's console menu. */
export interface MenuEntry {
  route: string;
  label: Text;
  /** Entries sharing a group are shown together under it (a sub-menu), in the order the first one appears. */
  group?: Text;
  /**
   * Shown in the menu to platform administrators only (spec 001 §6: "admin-only items: the admin-config page"): the
   * operator's settings of an app. Its screen still answers a member who opens its address, read-only as its access says.
   */
  adminOnly?: boolean;
}

/**
 * Another service's resource listed among this service's screens, narrowed to its records that meet `where`: the
 * engine's list, drawer and record page of that resource, at `routes`, its list call given the condition (a declared
 * filter `field=value`, or `has=field`, see `ListDecl.has`), so the server does the narrowing; a record created there
 * starts with the condition met (`resources/borrowed.ts`). A `menu` entry of this service names the list route.
 */
export interface BorrowedDecl {
  service: string;
  resource: string;
  routes: { list: string; show?: string };
  where: BorrowedWhere;
  /**
   * Fields of the resource the borrower's screens leave out (columns, filters, forms, the record's page): those that
   * never hold a value in the records shown (a config in a Sync room names no Multiverse game). Optional fields only.
   */
  hide?: string[];
}

/** The records shown: those whose `field` holds `value` (one of the list's `filters`), or holds any value (`present`, one of its `has`). */
export interface BorrowedWhere {
  field: string;
  value?: string;
  present?: true;
}

export interface ServiceDecl {
  /** The key used in App.Services and the catalogue. */
  name: string;
  base: string;
  convention: Convention;
  catalogue: CatalogueEntry;
  /** Unit prices as decimal strings (never floats). */
  prices?: Record<string, string>;
  /** What the service measures and how each measure is billed with `prices`. */
  meters?: MeterDecl[];
  /** The demo app's records of this service and the calls that move them, seeded in order (`DemoEntry`). */
  demo?: DemoEntry[];
  refreshTokenPath?: string;
  /** How long this service's error toasts stay (spec 000 §9: 15 s for multiverse and CDN); default 3 s. */
  errorToastSeconds?: number;
  resources: ResourceDecl[];
  pages?: PageDecl[];
  /** Console menu order of this service's screens: list routes and pages. */
  menu?: MenuEntry[];
  /**
   * What the operation history calls the operations the service's own code records (`quests.items.add`, the code
   * after `<service>.`) beyond its records' declared actions and commands: a record's as its verb
   * (`quests.progress` → 进度推进), the service's others as a whole phrase (`inbox.send` → 发送邮件).
   */
  history?: Record<string, Text>;
  /** The service's own calls by name, each mounted by the engine with the handler of the same name its module gives. */
  calls?: Record<string, CallDecl>;
  /**
   * What the service counts as it runs (calls per minute, deliveries per day and entry...), by name: the engine keeps
   * the counts, sums them over ranges and drops them after their keeping time (`server/engine/counters.ts`).
   */
  counters?: Record<string, CounterDecl>;
  /** The service's WebSocket endpoints by name, mounted by the engine with the module's handler of the same name. */
  sockets?: Record<string, SocketDecl>;
  /** Other services' resources listed under this service's routes, narrowed to some of their records (`BorrowedDecl`). */
  borrowed?: BorrowedDecl[];
  /** The SDK endpoint the service's server processes call, and what it does on each call (`runtime-sdk.ts`). */
  sdkEndpoint?: SdkEndpointDecl;
}
