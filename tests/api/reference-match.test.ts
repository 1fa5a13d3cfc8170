/**
 * A declared reference with `match` (ADR 0015): the record it names must also share the declared fields with the
 * writing record (a visit's pet must be its owner's), refused like a record that does not exist, on creates and on
 * updates that change the reference or a matched field. Declared here only: owners, pets and visits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource } from '../../resources/define';
import { checkRelations } from '../../server/engine/references';
import type { Harness } from './harness';
import { startTrial, trialService } from './trial-service';

const text = { type: 'string', minLength: 1, maxLength: 64 };
const object = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, required, properties });

const clinic = trialService({
  resources: [
    defineResource({ name: 'owners', label: { 'zh-CN': '主人', en: 'Owners' }, schema: object(['name'], { name: text }), service: 'trial' }),
    defineResource({
      name: 'pets',
      label: { 'zh-CN': '宠物', en: 'Pets' },
      schema: object(['name', 'ownerId'], { name: text, ownerId: text }),
      service: 'trial',
      references: [{ field: 'ownerId', resource: 'owners', onDelete: 'cascade' }],
    }),
    defineResource({
      name: 'visits',
      label: { 'zh-CN': '就诊', en: 'Visits' },
      schema: object(['name', 'ownerId', 'petId'], { name: text, ownerId: text, petId: text }),
      service: 'trial',
      references: [
        { field: 'ownerId', resource: 'owners', onDelete: 'cascade', message: 'no such user' },
        { field: 'petId', resource: 'pets', onDelete: 'cascade', message: 'not a persona of this user', match: { ownerId: 'ownerId' } },
      ],
    }),
  ],
});

const B = clinic.base;

let h: Harness;
let basic: string;

beforeAll(async () => {
  ({ h, basic } = await startTrial(clinic));
});
afterAll(() => h.close());

const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  h.req({ method, url, headers: { authorization: basic, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

async function made(path: string, body: Record<string, unknown>): Promise<{ id: string; version: number }> {
  const res = await call('POST', `${B}${path}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('a reference with match', () => {
  it("takes a record whose matched fields are the writer's, and refuses another's like one that does not exist", async () => {
    const [ann, bob] = [await made('/owners', { name: 'Ann' }), await made('/owners', { name: 'Bob' })];
    const [annsCat, bobsDog] = [await made('/pets', { name: 'Cat', ownerId: ann.id }), await made('/pets', { name: 'Dog', ownerId: bob.id })];
    expect((await call('POST', `${B}/visits`, { name: 'ok', ownerId: ann.id, petId: annsCat.id })).statusCode).toBe(201);
    const wrong = await call('POST', `${B}/visits`, { name: 'wrong', ownerId: ann.id, petId: bobsDog.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: '/petId', message: 'not a persona of this user' }]);
    const none = await call('POST', `${B}/visits`, { name: 'none', ownerId: ann.id, petId: '00000000-0000-4000-8000-000000000000' });
    expect(none.json().details).toEqual([{ field: '/petId', message: 'not a persona of this user' }]);
  });

  it('checks the held reference again when a matched field changes, and not when neither does', async () => {
    const [ann, bob] = [await made('/owners', { name: 'Ann' }), await made('/owners', { name: 'Bob' })];
    const cat = await made('/pets', { name: 'Cat', ownerId: ann.id });
    const visit = await made('/visits', { name: 'first', ownerId: ann.id, petId: cat.id });
    const renamed = await call('PUT', `${B}/visits/${visit.id}`, { name: 'renamed', ownerId: ann.id, petId: cat.id, version: visit.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const moved = await call('PUT', `${B}/visits/${visit.id}`, { name: 'moved', ownerId: bob.id, petId: cat.id, version: renamed.json().version });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details).toEqual([{ field: '/petId', message: 'not a persona of this user' }]);
  });

  it('is refused at start-up when a matched field is not a field of both resources', () => {
    const visits = clinic.resources[2];
    const bad = { ...visits, references: [{ ...visits.references![1], match: { ownerId: 'keeperId' } }] };
    expect(() => checkRelations(clinic, bad)).toThrow(/matches 'ownerId' to 'keeperId'/);
    expect(() => checkRelations(clinic, visits)).not.toThrow();
  });
});
