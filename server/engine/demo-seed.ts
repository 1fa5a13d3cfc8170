import { randomUUID } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathFields } from '../../resources/command-call';
import type { DemoCallEntry, DemoEntry, DemoRecordEntry, DemoServiceCallEntry, DemoStepEntry, DemoTimedEntry, DemoUpdateEntry } from '../../resources/demo-types';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { modelOf, type Ctx } from '../context';
import type { CallHandlers } from './declared-calls';
import type { HookRegistry, PlayerCaller } from './hooks';
import { makeAjv } from './ajv';
import type { ResourceModel } from './model';
import { records } from './query';
import { advanceTimedStates } from './timed-states';
import type { Data } from './store';
import { derivedFields, serverManagedDefaults } from './write';

/**
 * The engine's seeder of declared demo data (`ServiceDecl.demo`, `resources/demo-types.ts`): records stored with
 * their states and named for later entries, the resources' endpoints and the service's declared calls run in order
 * through the behaviour their requests run (the modules' `calls`), and the service's named steps. `checkDemo` is its
 * start-up check.
 */

/** What a service's demo step is given besides its arguments. */
export interface DemoRun {
  ctx: Ctx;
  appId: string;
  /** When the demo is seeded: the time relative times are counted from. */
  now: Date;
  /** Who the demo's operations are written as. */
  actor: string;
}

/**
 * A step of a service's own behaviour that no declared call describes, by name in `ServiceModule.seedSteps`: a named
 * step's, or a computed value's (given the entry's `with`). Its answer's `id` names a record for later entries.
 */
export type DemoStep = (run: DemoRun, args: Data) => Promise<unknown> | unknown;
export type DemoSteps = Record<string, DemoStep>;

const DEMO_ACTOR = 'system:demo';
/** The units of a relative time, in milliseconds. */
const MS = { days: 86_400_000, hours: 3_600_000, seconds: 1000 };
/** The name `{ ref: 'app' }` takes: the demo app's id. */
const APP = 'app';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRecord = (e: DemoEntry): e is DemoRecordEntry => 'data' in e;
const isUpdate = (e: DemoEntry): e is DemoUpdateEntry => 'update' in e;
const isCall = (e: DemoEntry): e is DemoCallEntry => 'call' in e && 'resource' in e;
const isServiceCall = (e: DemoEntry): e is DemoServiceCallEntry => 'call' in e && !('resource' in e);
const isTimed = (e: DemoEntry): e is DemoTimedEntry => 'moveTimed' in e;
const isRef = (v: Record<string, unknown>) => typeof v.ref === 'string' && Object.keys(v).length === 1;
const isTime = (v: Record<string, unknown>) => isObject(v.fromNow) && Object.keys(v).length === 1;
const isComputed = (v: Record<string, unknown>) =>
  typeof v.value === 'string' && Object.keys(v).every((k) => k === 'value' || k === 'with');
const nameOf = (e: DemoEntry) => ('name' in e ? e.name : undefined);

/** What a value names at any depth: the names it refers to, the computed values it asks for, its times' units. */
interface Named {
  refs: string[];
  values: string[];
  units: string[];
}

function walk(v: unknown, found: Named): void {
  if (Array.isArray(v)) for (const x of v) walk(x, found);
  if (!isObject(v)) return;
  if (isRef(v)) found.refs.push(String(v.ref));
  else if (isTime(v)) found.units.push(...Object.keys(v.fromNow as object));
  else if (isComputed(v)) {
    found.values.push(String(v.value));
    walk(v.with, found);
  } else for (const x of Object.values(v)) walk(x, found);
}

const fieldsOf = (res: ResourceDecl) => Object.keys((res.schema.properties ?? {}) as object);

/**
 * A resource's declared action or command that the service performs, and the name its behaviour is given under:
 * `<resource>.<name>`, or the declared call that serves it (`api.call`); undefined when the engine performs it.
 */
function endpointOf(res: ResourceDecl, name: string): { behaviour: string; path: string } | undefined {
  const command = res.commands?.find((c) => c.name === name && !c.kind && c.on !== 'selection');
  const action = res.actions?.find((a) => a.name === name && a.implementedBy === 'service');
  const found = command ?? action;
  return found && { behaviour: found.api?.call ?? `${res.name}.${name}`, path: command?.path ?? '' };
}

/** The resource an entry names, and what the entry asks of it that its declaration does not have. */
function checkOnResource(service: ServiceDecl, e: DemoRecordEntry | DemoUpdateEntry | DemoCallEntry | DemoTimedEntry) {
  const res = service.resources.find((r) => r.name === e.resource);
  if (!res) return [`unknown resource '${e.resource}'`];
  const problems: string[] = [];
  const fields = isRecord(e) ? Object.keys(e.data) : isUpdate(e) ? Object.keys(e.set) : [];
  for (const f of fields) if (!fieldsOf(res).includes(f)) problems.push(`field '${f}' is not in the schema of ${res.name}`);
  const stateKnown = (status: string) => Boolean(res.status && status in res.status.values);
  if (isRecord(e) && e.status !== undefined && !stateKnown(e.status)) problems.push(`${res.name} has no state '${e.status}'`);
  if (isRecord(e) && e.parent && !res.parent) problems.push(`${res.name} is not a sub-resource`);
  if (isCall(e) && !endpointOf(res, e.call)) problems.push(`${res.name} declares no action or command '${e.call}' that the service performs`);
  if (isTimed(e) && !res.status?.timed?.length) problems.push(`${res.name} declares no timed moves`);
  return problems;
}

/** What a declared call of the service an entry makes lacks: the call, a record it is on, the player it needs. */
function checkServiceCall(service: ServiceDecl, e: DemoServiceCallEntry): string[] {
  const call = service.calls?.[e.call];
  if (!call) return [`no declared call '${e.call}'`];
  const asPlayer = call.caller === 'player' || call.caller === 'persona';
  const problems: string[] = [];
  if (asPlayer !== Boolean(e.player)) problems.push(`'${e.call}' is ${asPlayer ? '' : 'not '}a player's call: ${asPlayer ? 'name' : 'leave out'} its player`);
  if (Boolean(call.record) !== Boolean(e.record)) problems.push(`'${e.call}' is ${call.record ? '' : 'not '}a call on a record: ${call.record ? 'name' : 'leave out'} its record`);
  return problems;
}

/**
 * Checks a service's demo data at start-up: every resource, field, state and declared call it names exists (the
 * engine's mount checks that the modules give each call's behaviour), every step and computed value is one the
 * service's modules give, and every `ref` names an earlier entry.
 */
export function checkDemo(service: ServiceDecl, steps: DemoSteps): void {
  const named = new Set([APP]);
  for (const [i, e] of (service.demo ?? []).entries()) {
    const problems: string[] = [];
    const found: Named = { refs: [], values: [], units: [] };
    if (isRecord(e) || isUpdate(e) || isCall(e) || isTimed(e)) problems.push(...checkOnResource(service, e));
    else if (isServiceCall(e)) problems.push(...checkServiceCall(service, e));
    else if (!steps[e.step]) problems.push(`no seed step '${e.step}'`);
    if (isRecord(e)) walk([e.data, e.parent], found);
    else if (isUpdate(e)) walk([e.set, { ref: e.update }], found);
    else if (isCall(e)) walk([e.fields, e.record], found);
    else if (isServiceCall(e)) walk([e.record, e.params, e.fields, e.player], found);
    else if (!isTimed(e)) walk(e.with, found);
    for (const r of found.refs) if (!named.has(r)) problems.push(`'${r}' is used before an entry names it`);
    for (const v of found.values) if (!steps[v]) problems.push(`no seed step '${v}' computes a value`);
    const units = Object.keys(MS).join(', ');
    for (const u of found.units) if (!(u in MS)) problems.push(`'${u}' is not a unit of time (${units})`);
    const name = nameOf(e);
    if (name && named.has(name)) problems.push(`'${name}' is named twice`);
    if (problems.length) throw new Error(`${service.name}: demo entry ${i + 1}: ${problems.join('; ')}`);
    if (name) named.add(name);
  }
}

/** Seeding one service's demo: the names given so far and how values are read. */
class DemoSeeding {
  private readonly ids = new Map<string, string>();
  private readonly ajv = makeAjv(false);
  private readonly validators = new Map<ResourceModel, ValidateFunction>();

  constructor(
    readonly run: DemoRun,
    private readonly service: ServiceDecl,
    private readonly steps: DemoSteps,
    private readonly handlers: CallHandlers,
    private readonly hooks: HookRegistry,
  ) {
    this.ids.set(APP, run.appId);
  }

  private idOf(name: string): string {
    const id = this.ids.get(name);
    if (id === undefined) throw new Error(`${this.service.name} demo: '${name}' names no record`);
    return id;
  }

  /** A declared value with its refs, times and computed values filled in. */
  async value(v: unknown): Promise<unknown> {
    if (Array.isArray(v)) return Promise.all(v.map((x) => this.value(x)));
    if (!isObject(v)) return v;
    if (isRef(v)) return this.idOf(String(v.ref));
    if (isTime(v)) {
      const parts = Object.entries(v.fromNow as Record<string, number>);
      const offset = parts.reduce((ms, [k, n]) => ms + n * MS[k as keyof typeof MS], 0);
      return new Date(this.run.now.getTime() + offset).toISOString();
    }
    if (isComputed(v)) return this.steps[String(v.value)](this.run, (await this.value(v.with ?? {})) as Data);
    const out: Data = {};
    for (const [k, x] of Object.entries(v)) out[k] = await this.value(x);
    return out;
  }

  /** Fails loudly when a demo record breaks its resource's schema (checked on a copy: defaults are not added). */
  private check(m: ResourceModel, data: Data, label: string): void {
    let validate = this.validators.get(m);
    if (!validate) {
      const { $id: _id, $schema: _s, ...schema } = m.res.schema;
      validate = this.ajv.compile(schema);
      this.validators.set(m, validate);
    }
    if (!validate(structuredClone(data))) {
      const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`);
      throw new Error(`${this.service.name} demo: ${label} breaks the ${m.res.name} schema: ${errors.join(', ')}`);
    }
  }

  /**
   * Runs the behaviour a declared call's requests run, in the demo app as the demo's actor (a player's call also as
   * that player). There is no HTTP request: a handler reads nothing of one, and a reply's status or headers go nowhere.
   */
  private call(behaviour: string, params: Data, input: Data, record?: Data, player?: PlayerCaller): Promise<unknown> {
    const handler = this.handlers[behaviour];
    if (!handler) throw new Error(`${this.service.name} demo: no module gives the behaviour of '${behaviour}'`);
    const req = { headers: {}, params, query: {}, body: input } as unknown as FastifyRequest;
    const reply: FastifyReply = new Proxy({} as FastifyReply, { get: (_r, key) => (key === 'then' ? undefined : () => reply) });
    const { appId: scopeId, actor } = this.run;
    return handler({ req, reply, scopeId, actor, params: params as Record<string, string>, input, record, ...(player ? { player } : {}) });
  }

  /** A resource's endpoint on a named record: its command's path fields are path parameters, the rest its body. */
  private async endpoint(e: DemoCallEntry): Promise<unknown> {
    const m = modelOf(this.run.ctx, this.service.name, e.resource);
    const { behaviour, path } = endpointOf(m.res, e.call)!;
    const record = e.record ? await this.run.ctx.store.get(m, this.run.appId, this.idOf(e.record.ref)) : undefined;
    const fields = (await this.value(e.fields ?? {})) as Data;
    const inPath = pathFields(path);
    const params = Object.fromEntries(Object.entries(fields).filter(([k]) => inPath.includes(k)));
    const input = Object.fromEntries(Object.entries(fields).filter(([k]) => !inPath.includes(k)));
    return this.call(behaviour, { ...(record ? { [m.idParam]: String(record.id) } : {}), ...params }, input, record);
  }

  /** A declared call of the service, on the record it names (the item parameter its id), as the player it names. */
  private async serviceCall(e: DemoServiceCallEntry): Promise<unknown> {
    const on = this.service.calls![e.call].record;
    const m = on && modelOf(this.run.ctx, this.service.name, on.resource);
    const record = m && e.record ? await this.run.ctx.store.get(m, this.run.appId, this.idOf(e.record.ref)) : undefined;
    const params = { ...(m && record ? { [m.idParam]: String(record.id) } : {}), ...((await this.value(e.params ?? {})) as Data) };
    const who = e.player && ((await this.value(e.player)) as { userId: string; personaId?: string });
    const player = who && { scopeId: this.run.appId, userId: who.userId, personaId: who.personaId ?? null };
    return this.call(e.call, params, (await this.value(e.fields ?? {})) as Data, record, player);
  }

  async entry(e: DemoEntry, index: number): Promise<void> {
    const name = nameOf(e);
    const label = name ? `'${name}'` : `entry ${index + 1}`;
    let answer: unknown;
    if (isRecord(e)) {
      const m = modelOf(this.run.ctx, this.service.name, e.resource);
      const given = { ...serverManagedDefaults(m), ...((await this.value(e.data)) as Data) };
      // What the resource works out of a create (a level's figures) is worked out of a demo record too.
      const data = { ...given, ...(await derivedFields(this.run.ctx, this.hooks, m, this.run.appId, given)) };
      this.check(m, data, label);
      const id = e.id ?? (m.res.singleton ? this.run.appId : randomUUID());
      const parentId = e.parent && this.idOf(e.parent.ref);
      // A sub-resource's record names its parent in its parent field, as a create under the parent's path stores it.
      if (parentId && m.res.parent?.field) data[m.res.parent.field] = parentId;
      const stored = await records(this.run.ctx.db, m).insert(this.run.appId, data, { id, status: e.status, parentId });
      answer = { id: stored[m.res.idField] };
    } else if (isUpdate(e)) {
      const m = modelOf(this.run.ctx, this.service.name, e.resource);
      const set = (await this.value(e.set)) as Data;
      await records(this.run.ctx.db, m).update(this.run.appId, { id: this.idOf(e.update) }, { set });
    } else if (isCall(e)) {
      answer = await this.endpoint(e);
    } else if (isServiceCall(e)) {
      answer = await this.serviceCall(e);
    } else if (isTimed(e)) {
      await advanceTimedStates(this.run.ctx, undefined, [modelOf(this.run.ctx, this.service.name, e.resource)]);
    } else {
      const step = e as DemoStepEntry;
      answer = await this.steps[step.step](this.run, (await this.value(step.with ?? {})) as Data);
    }
    const id = (answer as Data | undefined)?.id;
    if (name && id == null) throw new Error(`${this.service.name} demo: ${label} answered no id to name`);
    if (name) this.ids.set(name, String(id));
  }
}

/**
 * Seeds a service's declared demo data into the demo app, entry by entry, in order: `steps` are the modules' named
 * steps, `handlers` the behaviour of the service's declared calls and endpoints (`handlersOf`), `hooks` the resources'
 * hooks, whose `derive` a record's stored fields go through as a create's do.
 */
export async function seedServiceDemo(ctx: Ctx, service: ServiceDecl, appId: string, steps: DemoSteps, handlers: CallHandlers, hooks: HookRegistry): Promise<void> {
  const seeding = new DemoSeeding({ ctx, appId, now: new Date(), actor: DEMO_ACTOR }, service, steps, handlers, hooks);
  for (const [i, e] of (service.demo ?? []).entries()) await seeding.entry(e, i);
}
