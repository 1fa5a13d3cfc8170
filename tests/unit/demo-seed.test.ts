import { describe, expect, it } from 'vitest';
import type { CallDecl } from '../../resources/call-types';
import type { DemoEntry } from '../../resources/demo-types';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../../server/context';
import type { CallHandlers, CallInput } from '../../server/engine/declared-calls';
import { checkDemo, seedServiceDemo, type DemoSteps } from '../../server/engine/demo-seed';
import { buildModel } from '../../server/engine/model';
import type { Data } from '../../server/engine/store';

const label = { 'zh-CN': 'x', en: 'X' };
const resource = (name: string, schema: Data, more: Partial<ResourceDecl> = {}): ResourceDecl => ({
  name,
  label,
  singular: label,
  schema: { type: 'object', additionalProperties: false, ...schema },
  path: `/${name}`,
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list'],
  list: { columns: [] },
  access: { read: ['app'], write: ['app'] },
  ...more,
});

const realms = resource(
  'realms',
  { properties: { name: { type: 'string' }, opensAt: { type: 'string', format: 'date-time' }, state: { type: 'string', readOnly: true } }, required: ['name'] },
  {
    status: { field: 'state', initial: 'Created', values: { Created: { color: 'blue', label }, Open: { color: 'green', label } } },
    actions: [
      { name: 'open', label, from: ['Created'], to: 'Open', implementedBy: 'service' },
      { name: 'close', label, from: ['Open'], to: 'Created' },
    ],
    commands: [
      {
        name: 'crown',
        label,
        on: 'item',
        method: 'POST',
        path: '/crown/:playerId',
        fields: { type: 'object', required: ['playerId'], properties: { playerId: { type: 'string' }, title: { type: 'string' } } },
        api: { call: 'realms.crown' },
      },
    ],
  },
);
const players = resource('players', {
  properties: { name: { type: 'string' }, realmId: { type: 'string' }, level: { type: 'integer', minimum: 1 }, rank: { type: 'integer', readOnly: true, default: 0 } },
});
const members = resource('members', { properties: { playerId: { type: 'string' } } }, { parent: { resource: 'realms', param: 'realmId', onDelete: 'cascade' } });
const settings = resource('settings', { properties: { motd: { type: 'string' } } }, { singleton: { write: 'PUT' } });

const call = (path: string, more: Partial<CallDecl> = {}): CallDecl => ({ method: 'POST', path, caller: 'service', summary: 's', answer: { description: 'd' }, errors: [], ...more });
const calls: Record<string, CallDecl> = {
  'realms.crown': call('/realms/:id/crown/:playerId', { record: { resource: 'realms' } }),
  'realms.census': call('/realms/:id/census', { record: { resource: 'realms' } }),
  'players.cheer': call('/players/:id/cheer', { caller: 'persona' }),
};

const serviceWith = (demo: DemoEntry[]): ServiceDecl =>
  ({ name: 'arena', base: '/arena/v1', convention: 'passport', resources: [realms, players, members, settings], calls, demo }) as unknown as ServiceDecl;

const steps: DemoSteps = { befriend: () => undefined, nextSeason: () => 'spring' };

describe('the start-up check of declared demo data', () => {
  const fine: DemoEntry[] = [
    { resource: 'realms', name: 'north', data: { name: 'North' } },
    { resource: 'players', name: 'ann', data: { name: 'Ann', realmId: { ref: 'north' } } },
    { resource: 'realms', call: 'open', record: { ref: 'north' } },
    { step: 'befriend', with: { a: { ref: 'ann' }, at: { fromNow: { days: -1 } }, season: { value: 'nextSeason' } } },
    { call: 'realms.census', record: { ref: 'north' } },
    { call: 'players.cheer', params: { id: { ref: 'ann' } }, player: { userId: 'u-1', personaId: { ref: 'ann' } } },
  ];

  it('takes demo data whose resources, fields, states, calls, steps and names all exist', () => {
    expect(() => checkDemo(serviceWith(fine), steps)).not.toThrow();
  });

  it.each<[string, DemoEntry[], RegExp]>([
    ['an unknown resource', [{ resource: 'castles', data: {} }], /unknown resource 'castles'/],
    ['a field not in the schema', [{ resource: 'players', data: { name: 'Bo', colour: 'red' } }], /field 'colour' is not in the schema of players/],
    ['a state the resource does not have', [{ resource: 'realms', status: 'Closed', data: { name: 'X' } }], /realms has no state 'Closed'/],
    ['a ref used before it is named', [{ resource: 'players', data: { realmId: { ref: 'north' } } }, ...fine], /'north' is used before an entry names it/],
    ['a ref to a name never given', [...fine, { resource: 'players', update: 'bob', set: { level: 2 } }], /'bob' is used before/],
    ['an undeclared action', [...fine, { resource: 'realms', call: 'burn', record: { ref: 'north' } }], /realms declares no action or command 'burn' that the service performs/],
    ['an action the engine performs', [...fine, { resource: 'realms', call: 'close', record: { ref: 'north' } }], /realms declares no action or command 'close' that the service performs/],
    ['an undeclared call of the service', [...fine, { call: 'realms.burn' }], /no declared call 'realms.burn'/],
    ["a player's call without its player", [...fine, { call: 'players.cheer', params: { id: 'x' } }], /'players.cheer' is a player's call: name its player/],
    ["a service call made as a player", [...fine, { call: 'realms.census', record: { ref: 'north' }, player: { userId: 'u' } }], /'realms.census' is not a player's call/],
    ['a call on a record without its record', [...fine, { call: 'realms.census' }], /'realms.census' is a call on a record: name its record/],
    ['a ref in a call used before it is named', [{ call: 'players.cheer', params: { id: 'x' }, player: { userId: { ref: 'ann' } } }], /'ann' is used before/],
    ['a named step the modules do not give', [{ step: 'crown' }], /no seed step 'crown'/],
    ['a computed value no step gives', [{ resource: 'realms', data: { name: { value: 'title' } } }], /no seed step 'title' computes a value/],
    ['a time in an unknown unit', [{ resource: 'realms', data: { name: 'X', opensAt: { fromNow: { weeks: 1 } } } }], /'weeks' is not a unit of time/],
    ['a name given twice', [...fine, { resource: 'realms', name: 'north', data: { name: 'N2' } }], /'north' is named twice/],
    ['a parent on a resource that has none', [...fine, { resource: 'players', parent: { ref: 'north' }, data: {} }], /players is not a sub-resource/],
    ['timed moves of a resource that declares none', [...fine, { resource: 'players', moveTimed: true }], /players declares no timed moves/],
  ])('refuses %s at start-up, naming the entry', (_what, demo, message) => {
    const run = () => checkDemo(serviceWith(demo), steps);
    expect(run).toThrow(message);
    expect(run).toThrow(/^arena: demo entry \d+: /);
  });
});

/** A database that stores inserted records and notes every change asked of it. */
function fakeDb() {
  const inserted: { kind: string; id: string; scope: string; parent: string | null; status: string | null; data: Data }[] = [];
  const updates: unknown[][] = [];
  const row = (r: (typeof inserted)[number]) => ({ id: r.id, status: r.status, version: 1, data: r.data, created_at: new Date(0), updated_at: new Date(0) });
  const db = {
    async query(sql: string, params: unknown[]) {
      if (sql.startsWith('INSERT INTO records')) {
        const [, kind, id, scope, parent, status, data] = params as [string, string, string, string, string | null, string | null, Data];
        const r = { kind, id, scope, parent, status, data };
        inserted.push(r);
        return { rows: [row(r)] };
      }
      if (sql.includes('UPDATE records')) {
        updates.push(params);
        return { rows: [] };
      }
      const found = inserted.find((r) => params.includes(r.id));
      return { rows: found ? [row(found)] : [] };
    },
  };
  return { db, inserted, updates };
}

function ctxFor(service: ServiceDecl, db: unknown): Ctx {
  const models = new Map(service.resources.map((r) => [`${service.name}/${r.name}`, buildModel(service, r)]));
  const store = { get: async (_m: unknown, _scope: string, id: string) => ({ id, name: 'North' }) };
  return { db, models, store } as unknown as Ctx;
}

describe('the demo seeder', () => {
  it('stores records with their states and names, fills refs, relative times and computed values, and runs calls and steps in order', async () => {
    const service = serviceWith([
      { resource: 'realms', name: 'north', data: { name: 'North', opensAt: { fromNow: { days: 2, hours: -1 } } } },
      { resource: 'realms', name: 'south', status: 'Open', id: 'fixed-south', data: { name: { value: 'nextSeason', with: { of: { ref: 'north' } } } } },
      { resource: 'players', name: 'ann', data: { name: 'Ann', realmId: { ref: 'south' }, level: 3 } },
      { resource: 'members', parent: { ref: 'north' }, data: { playerId: { ref: 'ann' } } },
      { resource: 'settings', data: { motd: 'hello' } },
      { resource: 'realms', call: 'open', record: { ref: 'north' }, fields: { note: { ref: 'app' } } },
      { step: 'befriend', name: 'pair', with: { a: { ref: 'ann' } } },
      { resource: 'players', update: 'ann', set: { name: { ref: 'pair' } } },
      { resource: 'realms', call: 'crown', record: { ref: 'south' }, fields: { playerId: { ref: 'ann' }, title: 'Queen' } },
      { call: 'players.cheer', name: 'cheer', params: { id: { ref: 'ann' } }, fields: { loud: true }, player: { userId: 'u-1', personaId: { ref: 'ann' } } },
      { call: 'realms.census', record: { ref: 'north' }, fields: { by: { ref: 'cheer' } } },
    ]);
    const calls: [string, Data][] = [];
    const seen: Data[] = [];
    const given: DemoSteps = {
      befriend: (_run, args) => {
        calls.push(['befriend', args]);
        return { id: 'pair-1' };
      },
      nextSeason: (run, args) => {
        seen.push({ ...args, appId: run.appId, actor: run.actor });
        return 'Spring';
      },
    };
    // What each call's behaviour is given, as a request to its endpoint would give it.
    const made = (name: string) => async (c: CallInput) => {
      const { req: _req, reply, ...rest } = c;
      reply.code(201);
      calls.push([name, rest as unknown as Data]);
      return { id: `${name}-answer` };
    };
    const handlers: CallHandlers = { 'realms.open': made('realms.open'), 'realms.crown': made('realms.crown'), 'players.cheer': made('players.cheer'), 'realms.census': made('realms.census') };
    checkDemo(service, given);
    const { db, inserted, updates } = fakeDb();
    const before = Date.now();
    await seedServiceDemo(ctxFor(service, db), service, 'app-1', given, handlers, new Map());

    const [north, south, ann, member, singleton] = inserted;
    expect(inserted.map((r) => [r.kind, r.status, r.scope])).toEqual([
      ['realms', 'Created', 'app-1'],
      ['realms', 'Open', 'app-1'],
      ['players', null, 'app-1'],
      ['members', null, 'app-1'],
      ['settings', null, 'app-1'],
    ]);
    const opensAt = Date.parse(String(north.data.opensAt));
    expect(opensAt - before).toBeGreaterThanOrEqual(47 * 3_600_000 - 1000);
    expect(opensAt - Date.now()).toBeLessThanOrEqual(47 * 3_600_000 + 1000);
    expect(seen).toEqual([{ of: north.id, appId: 'app-1', actor: 'system:demo' }]);
    expect(south).toMatchObject({ id: 'fixed-south', data: { name: 'Spring' } });
    // A server-managed field starts at its default, as a created record's does.
    expect(ann.data).toEqual({ name: 'Ann', realmId: 'fixed-south', level: 3, rank: 0 });
    expect(member).toMatchObject({ parent: north.id, data: { playerId: ann.id } });
    expect(singleton.id).toBe('app-1');
    const demo = { scopeId: 'app-1', actor: 'system:demo' };
    expect(calls).toEqual([
      ['realms.open', { ...demo, params: { id: north.id }, input: { note: 'app-1' }, record: { id: north.id, name: 'North' } }],
      ['befriend', { a: ann.id }],
      // The command's path field is a path parameter, the rest its body; the declared call serving it does it.
      ['realms.crown', { ...demo, params: { id: 'fixed-south', playerId: ann.id }, input: { title: 'Queen' }, record: { id: 'fixed-south', name: 'North' } }],
      ['players.cheer', { ...demo, params: { id: ann.id }, input: { loud: true }, player: { scopeId: 'app-1', userId: 'u-1', personaId: ann.id } }],
      ['realms.census', { ...demo, params: { id: north.id }, input: { by: 'players.cheer-answer' }, record: { id: north.id, name: 'North' } }],
    ]);
    // The update names ann's record and writes the step's answer.
    expect(updates).toHaveLength(1);
    expect(JSON.stringify(updates[0])).toContain(ann.id);
    expect(JSON.stringify(updates[0])).toContain('pair-1');
  });

  it('fails loudly when a demo record breaks its resource schema', async () => {
    const service = serviceWith([{ resource: 'players', name: 'bo', data: { name: 'Bo', level: 0 } }]);
    const { db, inserted } = fakeDb();
    await expect(seedServiceDemo(ctxFor(service, db), service, 'app-1', steps, {}, new Map())).rejects.toThrow(/arena demo: 'bo' breaks the players schema: \/level must be >= 1/);
    expect(inserted).toEqual([]);
  });

  it("stores a record's derived fields as a create does: the resource's derive hook is run, its read-only answers kept", async () => {
    const service = serviceWith([{ resource: 'players', name: 'cy', data: { name: 'Cy', level: 7 } }]);
    const { db, inserted } = fakeDb();
    const hooks = new Map([['arena/players', { derive: ({ data }: { data: Data }) => ({ rank: Number(data.level) * 10, name: 'ignored: not read-only' }) }]]);
    await seedServiceDemo(ctxFor(service, db), service, 'app-1', steps, {}, hooks);
    expect(inserted.map((r) => r.data)).toEqual([{ name: 'Cy', level: 7, rank: 70 }]);
  });

  it('refuses to name a step that answers no id', async () => {
    const service = serviceWith([{ step: 'befriend', name: 'pair' }]);
    await expect(seedServiceDemo(ctxFor(service, fakeDb().db), service, 'app-1', steps, {}, new Map())).rejects.toThrow(/'pair' answered no id to name/);
  });

  it('refuses a call whose behaviour no module gives', async () => {
    const service = serviceWith([{ resource: 'realms', name: 'north', data: { name: 'North' } }, { call: 'realms.census', record: { ref: 'north' } }]);
    await expect(seedServiceDemo(ctxFor(service, fakeDb().db), service, 'app-1', steps, {}, new Map())).rejects.toThrow(/no module gives the behaviour of 'realms.census'/);
  });
});
