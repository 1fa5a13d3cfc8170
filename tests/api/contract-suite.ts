/**
 * Contract tests generated from the registry: every declared app-scoped resource gets a valid round trip, its
 * invalid payloads refused with nothing stored, its actions refused from disallowed states, and another tenant kept
 * out. A resource declared later is covered without new test code, through its schema's `examples`. Run against one
 * server (contract.test.ts), and through two server processes on one database with requests alternating
 * (tests/instances/contract-processes.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { buildModel, type ResourceModel } from '../../server/engine/model';
import { compileSchema } from '../../server/engine/ajv';
import { enableOnDemoApp, type Harness } from './harness';
import { invalidPayloads } from './invalid-payloads';
import { listKeyOf } from '../../server/engine/list-routes';
import { actionCall, refusedMessage } from '../../resources/action-call';
import { actionCallers, actionPayload, callWith, serviceCallers } from './contract-callers';
import { tableOf } from '../../server/engine/sql';

const appModels = services.flatMap((s) => s.resources.map((r) => buildModel(s, r))).filter((m) => m.res.scope === 'app');
// A resource whose calls the service serves (`implementedBy`) answers in the spec's shapes, not the engine's: its
// own tests cover those calls, and the write-only contract its secrets. An enumerated resource (one record per value,
// nothing to create or delete) has its own test of the engine's calls (engine-enumerated).
// A sub-resource is reached under a parent record (guild members under their guild): the engine's nesting has its own
// end-to-end test (sub-resources), and the service's calls on it their own tests.
const models = appModels.filter((m) => !m.res.singleton && m.res.implementedBy !== 'service' && !m.res.enumerated && !m.res.parent);
// A create-once singleton (no record before its POST) has its own tests (passport-identity-domains).
const singletons = appModels.filter((m) => m.res.singleton && !m.res.singleton.createOnce);

/** Declares the contract tests against the harness `h` answers (started by the caller's `beforeAll`). */
/**
 * `jobsRun`: the servers under test run their background jobs (real processes), which move a record in a watched
 * state (`status.watch`) on by themselves, possibly into a state the refused action starts from.
 */
export function describeContract(h: () => Harness, opts: { jobsRun?: boolean } = {}): void {
  // Every declared resource is called with the demo app's credential, Sync's too (which Multiverse excludes there).
  beforeAll(() => enableOnDemoApp(h(), services.map((s) => s.name)));
  /** The ids a list call answers, in the resource's convention, as the given caller (default: the app). */
  async function listedIds(m: (typeof models)[number], authorization?: string): Promise<string[]> {
    const headers = { authorization: authorization ?? h().basic };
    if (m.service.convention === 'passport') {
      const res = await h().req({ method: 'POST', url: `${m.base}/search`, payload: { count: 1000, start: 0 }, headers });
      return res.json()[listKeyOf(m)].map((r: { id: string }) => r.id);
    }
    if (m.service.convention === 'cdn') {
      const res = await h().req({ method: 'GET', url: `${m.base}?limit=1000`, headers });
      return res.json().map((r: { id: string }) => r.id);
    }
    const res = await h().req({ method: 'GET', url: `${m.base}?pageSize=200`, headers });
    return res.json().items.map((r: { id: string }) => r.id);
  }
  const count = async (m: ResourceModel) =>
    Number((await h().db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tableOf(m)} WHERE service = $1 AND kind = $2`, [m.service.name, m.res.name])).rows[0].n);

  /**
   * An example as the app can send it: a declared reference naming a record the app does not have (a room's profile
   * in a service the demo does not seed) names instead one of the app's records of that resource, or one made first
   * from the resource's own example. Only what the API creates is checked so; a record stored directly is not.
   */
  async function withReferencesMade(m: ResourceModel, example: Record<string, unknown>): Promise<Record<string, unknown>> {
    const out = structuredClone(example);
    if (!m.res.operations.includes('create')) return out;
    for (const ref of m.res.references ?? []) {
      const target = models.find((t) => t.service === m.service && t.res.name === ref.resource);
      if (typeof out[ref.field] !== 'string' || !target?.res.operations.includes('create')) continue;
      if ((await h().svc('GET', `${target.base}/${String(out[ref.field])}`)).statusCode === 200) continue;
      const [existing] = await listedIds(target);
      if (existing !== undefined) {
        out[ref.field] = existing;
        continue;
      }
      const made = await h().svc('POST', target.base, await withReferencesMade(target, ((target.res.schema.examples ?? []) as Record<string, unknown>[])[0]));
      expect(made.statusCode, `${target.res.name}: ${made.body}`).toBe(201);
      out[ref.field] = made.json()[target.res.idField];
    }
    return out;
  }

  describe.each(models.map((m) => [`${m.service.name}/${m.res.name}`, m] as const))('%s', (_name, m) => {
    let examples = (m.res.schema.examples ?? []) as Record<string, unknown>[];
    beforeAll(async () => {
      // One after the other: the second finds the record the first made.
      const resolved = [];
      for (const e of examples) resolved.push(await withReferencesMade(m, e));
      examples = resolved;
    });
    const item = (id: unknown) => `${m.base}/${String(id)}`;
    const has = (op: string) => m.res.operations.includes(op as never);

    it('declares at least two valid examples, which its own schema accepts', () => {
      expect(examples.length).toBeGreaterThanOrEqual(2);
      // A resource the API cannot create holds only server-made fields: its examples are whole records.
      const { $id: _id, ...whole } = m.res.schema;
      const check = compileSchema(has('create') ? m.createSchema : whole);
      for (const e of examples) expect(check(structuredClone(e)), JSON.stringify(check.errors)).toBe(true);
    });

    /**
     * A record to test on: created through the API when the resource declares create, otherwise stored the way the
     * service's own flow stores it (transactions, redeem codes), since the API offers no way to make one.
     */
    async function makeRecord(): Promise<Record<string, unknown>> {
      if (has('create')) {
        const created = await h().svc('POST', m.base, examples[0]);
        expect(created.statusCode, created.body).toBe(201);
        return created.json();
      }
      return h().ctx.store.insert(m, h().appId, randomUUID(), structuredClone(examples[0]), m.res.status?.initial ?? null);
    }
    /**
     * The record once it has left the states it moves on from by itself (`status.watch`: a database being made, a room
     * being allocated), so what a test does next is the only thing that changes it.
     */
    async function settledRecord(record: Record<string, unknown>): Promise<Record<string, unknown>> {
      const status = m.res.status;
      if (!status?.watch?.includes(status.initial)) return record;
      for (const until = Date.now() + 20_000; status.watch.includes(record[status.field] as string) && Date.now() < until; ) {
        await new Promise((r) => setTimeout(r, 100));
        record = (await h().svc('GET', item(record.id))).json();
      }
      return record;
    }
    async function removeRecord(id: unknown) {
      if (has('delete')) expect((await h().svc('DELETE', item(id))).statusCode).toBe(204);
      else await h().db.query(`DELETE FROM ${tableOf(m)} WHERE service = $1 AND kind = $2 AND id = $3`, [m.service.name, m.res.name, id]);
    }

    it('round-trips a valid record through the declared operations, and serves no others', async () => {
      const record = await makeRecord();
      // A record its service moves on at once (`status.watch`: a room given to the relay) is answered as it is by then.
      const movesOn = !!m.res.status?.watch?.length;
      if (movesOn) expect(Object.keys(m.res.status!.values)).toContain(record[m.res.status!.field]);
      else {
        expect(record.version).toBe(1);
        if (m.res.status) expect(record[m.res.status.field]).toBe(m.res.status.initial);
      }
      // A write-only field (a secret) is taken and never answered: the write-only contract checks it.
      const answered = (e: Record<string, unknown>) => Object.entries(e).filter(([k]) => !m.writeOnly.includes(k));
      for (const [k, v] of answered(examples[0])) expect(record[k]).toEqual(v);

      const read = await h().svc('GET', item(record.id));
      // A record that moves on by itself (`status.watch`: a room being allocated) is read as it is by now: what was
      // sent, and the same record.
      let now = record;
      if (movesOn) {
        for (const [k, v] of answered(examples[0])) expect(read.json()[k]).toEqual(v);
        expect([read.json().id, read.json().createdAt]).toEqual([record.id, record.createdAt]);
        now = await settledRecord(read.json());
      } else expect(read.json()).toEqual(record);
      if (has('list')) expect(await listedIds(m)).toContain(record.id);
      if (m.res.addressBy) expect((await h().svc('GET', item(record[m.res.addressBy]))).json()).toEqual(record);

      if (has('update')) {
        const updated = await h().svc('PUT', item(record.id), { ...examples[1], version: 1 });
        expect(updated.statusCode, updated.body).toBe(200);
        expect(updated.json().version).toBe(2);
        for (const [k, v] of answered(examples[1])) expect(updated.json()[k]).toEqual(v);

        const stale = await h().svc('PUT', item(record.id), { ...examples[0], version: 1 });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().code).toBe('VERSION_CONFLICT');
        expect((await h().svc('GET', item(record.id))).json().version).toBe(2);
        // The methods the update answers beside PUT (`updateAlso`): the same update, stale versions refused alike.
        for (const [n, method] of (m.res.updateAlso ?? []).entries()) {
          const again = await h().svc(method, item(record.id), { ...examples[n % 2], version: 2 + n });
          expect(again.statusCode, again.body).toBe(200);
          expect(again.json().version).toBe(3 + n);
          expect((await h().svc(method, item(record.id), { ...examples[0], version: 1 })).statusCode).toBe(409);
        }
      } else {
        expect((await h().svc('PUT', item(record.id), { ...examples[1], version: 1 })).statusCode).toBeGreaterThanOrEqual(400);
        expect((await h().svc('GET', item(record.id))).json()).toEqual(now);
      }

      if (has('delete')) {
        await removeRecord(record.id);
        expect((await h().svc('GET', item(record.id))).statusCode).toBe(404);
      } else {
        expect((await h().svc('DELETE', item(record.id))).statusCode).toBeGreaterThanOrEqual(400);
        expect((await h().svc('GET', item(record.id))).statusCode).toBe(200);
        await removeRecord(record.id);
      }
    });

    if (has('create')) it('refuses every invalid payload with 400 naming fields, and stores nothing', async () => {
      const before = await count(m);
      // Only the cases the schema itself refuses (a missing field with a default, say, is valid).
      const check = compileSchema(m.createSchema);
      const cases = invalidPayloads(m.createSchema, examples[0]).filter((c) => !check(structuredClone(c.body)));
      expect(cases.length).toBeGreaterThan(5);
      for (const c of cases) {
        const res = await h().svc('POST', m.base, c.body);
        expect(res.statusCode, `${c.why}: ${res.body}`).toBe(400);
        const body = res.json();
        expect(body.code).toBe('INVALID_PARAMETERS');
        expect(Array.isArray(body.details) && body.details.length > 0, c.why).toBe(true);
      }
      expect(await count(m)).toBe(before);
    });

    it('moves state only through declared actions from allowed states', async () => {
      const actions = m.res.actions ?? [];
      if (!m.res.status) return expect(actions).toHaveLength(0);
      const created = await makeRecord();
      const callers = await serviceCallers(h());
      for (const action of actions.filter((a) => a.implementedBy !== 'service')) {
        // As a caller the action allows (its own `access`, or the resource's writers), with the fields it requires.
        const [who] = actionCallers(m.res, action).allowed;
        expect(who, `${action.name}: no caller the tests play may call it`).toBeDefined();
        // Put in each state with the times its declared timed moves go by taken out, so that only the action moves it.
        const times = (m.res.status.timed ?? []).map((move) => move.at);
        for (const state of Object.keys(m.res.status.values)) {
          await h().db.query(`UPDATE ${tableOf(m)} SET status = $1, data = data - $3::text[] WHERE id = $2`, [state, created.id, times]);
          const call = actionCall(m.service, action);
          const res = await callWith(h(), callers[who], call.method, `${item(created.id)}${call.path}`, actionPayload(action));
          const now = (await h().svc('GET', item(created.id))).json()[m.res.status.field];
          if (action.from.includes(state)) {
            expect(res.statusCode, `${action.name} from ${state}`).toBe(200);
            expect(now).toBe(action.to);
          } else {
            expect(res.statusCode, `${action.name} from ${state}`).toBe(409);
            expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: refusedMessage(action) });
            expect(now).toBe(state);
          }
        }
      }
      await removeRecord(created.id);
    });

    it("keeps another organisation's app and anonymous callers out", async () => {
      const created = await settledRecord(await makeRecord());
      const as = (auth: string | undefined, method: 'GET' | 'PUT' | 'DELETE', payload?: unknown) =>
        h().req({ method, url: item(created.id), payload: payload as object, headers: auth ? { authorization: auth } : {} });
      expect((await as(h().otherBasic, 'GET')).statusCode).toBe(404);
      expect((await as(h().otherBasic, 'PUT', { ...examples[1], version: 1 })).statusCode).toBe(404);
      expect((await as(h().otherBasic, 'DELETE')).statusCode).toBe(404);
      expect((await as(undefined, 'GET')).statusCode).toBe(401);
      expect((await as(`Basic ${Buffer.from(`${h().appId}:wrong`).toString('base64')}`, 'GET')).statusCode).toBe(401);
      if (m.res.operations.includes('list')) expect(await listedIds(m, h().otherBasic)).not.toContain(created.id);
      const still = (await h().svc('GET', item(created.id))).json();
      expect(still.version).toBe(created.version);
      await removeRecord(created.id);
    });
  });

  /** Every declared action naming its refusal, whoever serves it (the engine, or the service's own code). */
  const refusing = models.flatMap((m) =>
    (m.res.actions ?? []).filter((a) => a.refused).map((a) => [`${m.service.name}/${m.res.name}.${a.name}`, m, a] as const),
  );

  describe.each(refusing)('%s, from a state it does not start from', (_name, m, action) => {
    it('answers 409 with its declared refusal and changes nothing', async () => {
      const [who] = actionCallers(m.res, action).allowed;
      const callers = await serviceCallers(h());
      const call = actionCall(m.service, action);
      const watched = m.res.status!.watch ?? [];
      const all = Object.keys(m.res.status!.values).filter((s) => !action.from.includes(s));
      expect(all.length).toBeGreaterThan(0);
      // Where background jobs run, a record written straight into a watched state (an image `pending`) can be moved by
      // its job into a state the action starts from (`failed`) before the call arrives: those states are proved by the
      // in-process run of this suite, where no job runs; the others are proved here too.
      const others = opts.jobsRun ? all.filter((s) => !watched.includes(s)) : all;
      for (const state of others) {
        const example = structuredClone((m.res.schema.examples as Record<string, unknown>[])[0]);
        // A record per state and action: a field unique within the app takes a mark of its own beside the example's value.
        for (const f of m.res.unique ?? []) if (typeof example[f] === 'string') example[f] = `${String(example[f])}_${randomUUID().slice(0, 8)}`;
        const record = await h().ctx.store.insert(m, h().appId, randomUUID(), example, state);
        const res = await callWith(h(), callers[who], call.method, `${m.base}/${String(record.id)}${call.path}`, actionPayload(action));
        expect(res.statusCode, `${action.name} from ${state}: ${res.body}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: action.refused });
        // A state a background job works on (`status.watch`, an image being built) moves on by itself: there the
        // proof that the refused call changed nothing is that the history holds no such action on the record.
        if (!watched.includes(state)) expect((await h().ctx.store.get(m, h().appId, String(record.id))).version).toBe(1);
        const done = await h().db.query('SELECT action FROM audit_log WHERE target = $1 AND action LIKE $2', [String(record.id), `%.${action.name}`]);
        expect(done.rows).toEqual([]);
      }
    });
  });

  it('covers the actions that declare their refusal', () => {
    expect(refusing.map(([name]) => name)).toEqual(expect.arrayContaining(['passport/transactions.refund', 'passport/transactions.reFulfil']));
  });

  describe.each(singletons.map((m) => [`${m.service.name}/${m.res.name}`, m] as const))('%s (one per app)', (_name, m) => {
    const examples = (m.res.schema.examples ?? []) as Record<string, unknown>[];
    const write = m.res.singleton!.write;

    it('answers its defaults before the first write, then what was written, refusing a stale version', async () => {
      expect(examples.length).toBeGreaterThanOrEqual(2);
      const first = await h().svc('GET', m.base);
      expect(first.statusCode, first.body).toBe(200);
      const props = (m.res.schema.properties ?? {}) as Record<string, { default?: unknown }>;
      for (const [k, s] of Object.entries(props)) if (s.default !== undefined) expect(first.json()[k], k).toEqual(s.default);
      // Settings only administrators write (spec 001 §6's factors) refuse the app, and are written by an administrator.
      const callers = await serviceCallers(h());
      const writer = m.res.access.write.includes('app') ? callers.app : callers.admin;
      if (!m.res.access.write.includes('app')) expect((await callWith(h(), callers.app, write, m.base, { ...examples[0], version: first.json().version })).statusCode).toBe(403);
      const send = (body: unknown) => callWith(h(), writer, write, m.base, body);
      const saved = await send({ ...examples[0], version: first.json().version });
      expect(saved.statusCode, saved.body).toBe(200);
      for (const [k, v] of Object.entries(examples[0])) expect(saved.json()[k]).toEqual(v);
      const stale = await send({ ...examples[1], version: first.json().version });
      expect(stale.statusCode).toBe(409);
      const again = await send({ ...examples[1], version: saved.json().version });
      expect(again.statusCode, again.body).toBe(200);
      expect((await h().svc('GET', m.base)).json().version).toBe(saved.json().version + 1);
      const other = await h().req({ method: 'GET', url: m.base, headers: { authorization: h().otherBasic } });
      expect(other.json().version ?? 0).toBe(0);
    });
  });
}
