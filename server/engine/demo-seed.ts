import { randomUUID } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import type { DemoCallEntry, DemoEntry, DemoRecordEntry, DemoStepEntry, DemoUpdateEntry } from '../../resources/demo-types';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { modelOf, type Ctx } from '../context';
import { makeAjv } from './ajv';
import type { ResourceModel } from './model';
import { records } from './query';
import type { Data } from './store';
import { serverManagedDefaults } from './write';

/**
 * The engine's seeder of declared demo data (`ServiceDecl.demo`, `resources/demo-types.ts`): records stored with
 * their states and named for later entries, declared calls and the service's named steps run in order through the
 * service's behaviour functions. `checkDemo` is its start-up check.
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
 * A step of a service's own behaviour, by name in `ServiceModule.seedSteps`: a declared call's (`<resource>.<call>`,
 * given `{ record, ...fields }`), a named step's, or a computed value's (given the entry's `with`). Its answer's `id`
 * names a record for later entries.
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
const isCall = (e: DemoEntry): e is DemoCallEntry => 'call' in e;
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
const declaredCall = (res: ResourceDecl, name: string) =>
  [...(res.actions ?? []), ...(res.commands ?? [])].some((c) => c.name === name);

/** The resource an entry names, and what the entry asks of it that its declaration does not have. */
function checkOnResource(service: ServiceDecl, e: DemoRecordEntry | DemoUpdateEntry | DemoCallEntry, steps: DemoSteps) {
  const res = service.resources.find((r) => r.name === e.resource);
  if (!res) return [`unknown resource '${e.resource}'`];
  const problems: string[] = [];
  const fields = isRecord(e) ? Object.keys(e.data) : isUpdate(e) ? Object.keys(e.set) : [];
  for (const f of fields) if (!fieldsOf(res).includes(f)) problems.push(`field '${f}' is not in the schema of ${res.name}`);
  const stateKnown = (status: string) => Boolean(res.status && status in res.status.values);
  if (isRecord(e) && e.status !== undefined && !stateKnown(e.status)) problems.push(`${res.name} has no state '${e.status}'`);
  if (isRecord(e) && e.parent && !res.parent) problems.push(`${res.name} is not a sub-resource`);
  if (isCall(e) && !declaredCall(res, e.call)) problems.push(`${res.name} declares no action or command '${e.call}'`);
  if (isCall(e) && !steps[`${res.name}.${e.call}`]) problems.push(`no seed step '${res.name}.${e.call}' performs it`);
  return problems;
}

/**
 * Checks a service's demo data at start-up: every resource, field, state and declared call it names exists, every
 * step and computed value is one the service's modules give, and every `ref` names an earlier entry.
 */
export function checkDemo(service: ServiceDecl, steps: DemoSteps): void {
  const named = new Set([APP]);
  for (const [i, e] of (service.demo ?? []).entries()) {
    const problems: string[] = [];
    const found: Named = { refs: [], values: [], units: [] };
    if (isRecord(e) || isUpdate(e) || isCall(e)) problems.push(...checkOnResource(service, e, steps));
    else if (!steps[e.step]) problems.push(`no seed step '${e.step}'`);
    if (isRecord(e)) walk([e.data, e.parent], found);
    else if (isUpdate(e)) walk([e.set, { ref: e.update }], found);
    else if (isCall(e)) walk([e.fields, e.record], found);
    else walk(e.with, found);
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

  async entry(e: DemoEntry, index: number): Promise<void> {
    const name = nameOf(e);
    const label = name ? `'${name}'` : `entry ${index + 1}`;
    let answer: unknown;
    if (isRecord(e)) {
      const m = modelOf(this.run.ctx, this.service.name, e.resource);
      const data = { ...serverManagedDefaults(m), ...((await this.value(e.data)) as Data) };
      this.check(m, data, label);
      const id = e.id ?? (m.res.singleton ? this.run.appId : randomUUID());
      const parentId = e.parent && this.idOf(e.parent.ref);
      const stored = await records(this.run.ctx.db, m).insert(this.run.appId, data, { id, status: e.status, parentId });
      answer = { id: stored[m.res.idField] };
    } else if (isUpdate(e)) {
      const m = modelOf(this.run.ctx, this.service.name, e.resource);
      const set = (await this.value(e.set)) as Data;
      await records(this.run.ctx.db, m).update(this.run.appId, { id: this.idOf(e.update) }, { set });
    } else if (isCall(e)) {
      const m = modelOf(this.run.ctx, this.service.name, e.resource);
      const record = e.record ? await this.run.ctx.store.get(m, this.run.appId, this.idOf(e.record.ref)) : undefined;
      const fields = (await this.value(e.fields ?? {})) as Data;
      answer = await this.steps[`${e.resource}.${e.call}`](this.run, { ...fields, record });
    } else {
      const step = e as DemoStepEntry;
      answer = await this.steps[step.step](this.run, (await this.value(step.with ?? {})) as Data);
    }
    const id = (answer as Data | undefined)?.id;
    if (name && id == null) throw new Error(`${this.service.name} demo: ${label} answered no id to name`);
    if (name) this.ids.set(name, String(id));
  }
}

/** Seeds a service's declared demo data into the demo app, entry by entry, in order. */
export async function seedServiceDemo(ctx: Ctx, service: ServiceDecl, appId: string, steps: DemoSteps): Promise<void> {
  const seeding = new DemoSeeding({ ctx, appId, now: new Date(), actor: DEMO_ACTOR }, service, steps);
  for (const [i, e] of (service.demo ?? []).entries()) await seeding.entry(e, i);
}
