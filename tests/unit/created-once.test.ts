/**
 * A create-once singleton's declared changes (`ChangeDecl`): which change a call's body chooses, when one applies,
 * which refusal is answered, when the console leaves its button disabled, and the start-up checks of the format.
 */
import { describe, expect, it } from 'vitest';
import { changeAllowed, changeBody, changeCalls, changeIsIdle, changePath, changeRefusal, chosenChange } from '../../resources/change-call';
import type { ChangeDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import { buildModel } from '../../server/engine/model';

const label = { 'zh-CN': '改', en: 'Change' };
const ask: ChangeDecl = {
  name: 'ask',
  label,
  method: 'PUT',
  path: '/live',
  versioned: true,
  sends: { live: true },
  set: { asked: true },
  when: { live: [false], asked: [false] },
  refused: [{ when: { live: [true] }, message: 'already live' }, { message: 'already asked' }],
};
const leave: ChangeDecl = { ...ask, name: 'leave', sends: { live: false }, set: { live: false, asked: false }, when: [{ live: [true] }, { asked: [true] }], refused: 'not live' };
const flag: ChangeDecl = { name: 'flag', label, method: 'PUT', path: '/set-live', bodyId: 'siteId', access: ['admin'], sends: { live: true }, set: { live: true, asked: false } };

const site: ResourceDecl = {
  name: 'sites',
  label,
  singular: label,
  schema: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, live: { type: 'boolean', readOnly: true, default: false }, asked: { type: 'boolean', readOnly: true, default: false } },
  },
  path: '/sites',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: [],
  singleton: { write: 'PUT', createOnce: { duplicate: 'the app already has a site', notFound: 'site not found' } },
  list: { columns: [] },
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
  changes: [ask, leave, flag],
};
const service = { name: 'demo', base: '/udemo/v1', convention: 'passport', resources: [site] } as unknown as ServiceDecl;

describe('declared changes', () => {
  it('are called at the item path, or under the service base when the body names the record', () => {
    expect(changePath(site, ask)).toBe('/sites/:id/live');
    expect(changePath(site, ask, 'app 1')).toBe('/sites/app%201/live');
    expect(changePath(site, flag, 'app-1')).toBe('/set-live');
    expect(changeCalls(site).map((c) => [`${c.method} ${c.path}`, c.changes.map((x) => x.name)])).toEqual([
      ['PUT /sites/:id/live', ['ask', 'leave']],
      ['PUT /set-live', ['flag']],
    ]);
  });

  it("choose the change by what the body sends, and send the version read only when it is versioned", () => {
    expect(chosenChange([ask, leave], { live: false, version: 3 })?.name).toBe('leave');
    expect(chosenChange([ask, leave], { live: true })?.name).toBe('ask');
    expect(chosenChange([ask], { live: 'yes' })).toBeUndefined();
    expect(changeBody(ask, { version: 4, live: false })).toEqual({ live: true, version: 4 });
    expect(changeBody(flag, { version: 4 })).toEqual({ live: true });
  });

  it('apply when any one of their conditions holds, and answer the first refusal that fits', () => {
    expect(changeAllowed(ask, { live: false, asked: false })).toBe(true);
    expect(changeAllowed(ask, { live: false, asked: true })).toBe(false);
    expect(changeAllowed(leave, { live: false, asked: true })).toBe(true);
    expect(changeAllowed(leave, { live: true, asked: false })).toBe(true);
    expect(changeAllowed(leave, { live: false, asked: false })).toBe(false);
    expect(changeAllowed(flag, {})).toBe(true);
    expect(changeRefusal(ask, { live: true, asked: true })).toBe('already live');
    expect(changeRefusal(ask, { live: false, asked: true })).toBe('already asked');
    expect(changeRefusal(leave, {})).toBe('not live');
    expect(changeRefusal(flag, {})).toBe('action not allowed from the current state');
  });

  it('are idle (their button disabled) when the record already holds what they set', () => {
    expect(changeIsIdle(flag, { live: true, asked: false })).toBe(true);
    expect(changeIsIdle(flag, { live: true, asked: true })).toBe(false);
    expect(changeIsIdle(flag, { live: false, asked: false })).toBe(false);
  });
});

describe('start-up checks', () => {
  it('accept the declaration as it is', () => {
    expect(() => buildModel(service, site)).not.toThrow();
  });

  it('refuse changes on anything but a create-once singleton', () => {
    expect(() => buildModel(service, { ...site, singleton: { write: 'PUT' } })).toThrow(/create-once singleton only/);
  });

  it('refuse changes of one call that disagree, or name a field the schema lacks', () => {
    expect(() => buildModel(service, { ...site, changes: [ask, { ...leave, versioned: false }] })).toThrow(/must agree/);
    expect(() => buildModel(service, { ...site, changes: [{ ...flag, set: { open: true } }] })).toThrow(/'open', not a schema property/);
    expect(() => buildModel(service, { ...site, changes: [{ ...ask, refused: [{ when: { gone: [true] }, message: 'x' }] }] })).toThrow(/'gone'/);
  });
});
