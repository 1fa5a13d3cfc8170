/**
 * A service's demo data as declaration (`ServiceDecl.demo`): the records the demo app starts with and the calls that
 * move them, seeded in order by the server's engine (`server/engine/demo-seed.ts`) on an empty database only.
 *
 * Values are JSON, in which an object of one of these shapes stands for what only the seeding knows:
 * - `{ ref: 'lobby' }`: the id of the record (or step answer) named `lobby` by an earlier entry; `{ ref: 'app' }`
 *   is the demo app's id;
 * - `{ fromNow: { days: -7 } }`: a time relative to when the demo is seeded, as an ISO date-time;
 * - `{ value: 'schedule', with: {...} }`: a value the service computes (`ServiceModule.seedSteps`), e.g. the next
 *   run of a cron schedule, or the id of something a record holds.
 * Everything else is taken as it is.
 */

/** The id of a named record. */
export interface DemoRef {
  ref: string;
}

/** A time relative to when the demo is seeded (each part may be negative). */
export interface DemoTime {
  fromNow: { days?: number; hours?: number; seconds?: number };
}

/** A value the service's named step computes from its arguments. */
export interface DemoComputed {
  value: string;
  with?: Record<string, unknown>;
}

/** A stored record of one of the service's resources. */
export interface DemoRecordEntry {
  resource: string;
  /** What later entries call it (`{ ref: name }`). */
  name?: string;
  /** A fixed id (a record that schema examples name); default a new one, or the app's id for a singleton. */
  id?: string;
  /** Its state; default the resource's initial state. */
  status?: string;
  /** The record it belongs to, for a sub-resource (`ParentDecl`). */
  parent?: DemoRef;
  /** Its fields, checked against the resource's schema when seeded. */
  data: Record<string, unknown>;
}

/** A plain change of fields of a named record (no state move, no history: what the demo's setup wrote). */
export interface DemoUpdateEntry {
  resource: string;
  update: string;
  set: Record<string, unknown>;
}

/**
 * A declared action or command of the resource (`actions[].name` or `commands[].name`) that the service performs,
 * on a named record (or the collection), done by the same behaviour the endpoint's requests run: the module's
 * `calls` handler `<resource>.<name>`, or the declared call its `api.call` names. A `:name` of the command's path is
 * one of its `fields`, given to the behaviour as a path parameter (as the console's dialog sends it).
 */
export interface DemoCallEntry {
  resource: string;
  call: string;
  record?: DemoRef;
  fields?: Record<string, unknown>;
  /** Names the call's answer (its `id`) for later entries. */
  name?: string;
}

/**
 * One of the service's declared calls (`ServiceDecl.calls`), done by its behaviour as a request would be, with the
 * path parameters `params` (a call on a record: `record` names it, and its id is the item parameter) and the body
 * `fields`. A player's call is made as `player` (their user and, for a persona call, the persona).
 */
export interface DemoServiceCallEntry {
  call: string;
  record?: DemoRef;
  params?: Record<string, unknown>;
  fields?: Record<string, unknown>;
  player?: { userId: unknown; personaId?: unknown };
  /** Names the call's answer (its `id`) for later entries. */
  name?: string;
}

/** A step of the service's own behaviour that no declared call describes (a player's progress, a friendship). */
export interface DemoStepEntry {
  step: string;
  with?: Record<string, unknown>;
  /** Names the step's answer (its `id`) for later entries. */
  name?: string;
}

/** The resource's declared timed moves (`StatusDecl.timed`) whose time has come, made now as before a call reads it. */
export interface DemoTimedEntry {
  resource: string;
  moveTimed: true;
}

export type DemoEntry = DemoRecordEntry | DemoUpdateEntry | DemoCallEntry | DemoServiceCallEntry | DemoTimedEntry | DemoStepEntry;
