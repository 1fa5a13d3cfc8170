/**
 * A record view whose rows are records of a resource answered as the view's row schema (`rowsOf.resource`), and a
 * row command of such a view mounted from its declaration (`mountRowCommandCall`): a guild's members.
 */
import { fakeFastify } from './fake-fastify';
import { describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import type { ResourceDecl, ServiceDecl, ViewDecl } from '../../resources/types';
import type { Ctx } from '../../server/context';
import { Api } from '../../server/engine/api';
import { buildModel } from '../../server/engine/model';
import { checkRecordViews, viewRow } from '../../server/engine/record-views';
import { mountRowCommandCall, rowCommandBody, rowCommandOf, type ServiceCallDef } from '../../server/engine/service-calls';

const guilds = passport.resources.find((r) => r.name === 'guilds')!;
const members = guilds.views!.find((v) => v.name === 'guildMembers')!;
const mounted = () => {
  const api = new Api(fakeFastify());
  return { api, ctx: { models: new Map() } as unknown as Ctx, m: buildModel(passport, guilds) };
};
const def: ServiceCallDef = { summary: 'does it', handler: async () => ({}) };

describe("a row command the service's code performs", () => {
  it("is mounted under the view's path with its own path parameters, checked as ids", () => {
    const { api, ctx, m } = mounted();
    mountRowCommandCall(api, ctx, m, 'guildMembers', 'setRole', def);
    mountRowCommandCall(api, ctx, m, 'guildMembers', 'remove', def);
    expect(api.routes.map((r) => `${r.method} ${r.url}`)).toEqual([
      `PUT ${passport.base}/guilds/:id/members/:personaId/role`,
      `DELETE ${passport.base}/guilds/:id/members/:personaId`,
    ]);
    expect(api.routes[1].params).toMatchObject({ required: ['id', 'personaId'], properties: { personaId: { pattern: '^[A-Za-z0-9_-]+$' } } });
    expect(api.routes[1].body).toBeUndefined();
  });

  it('takes the declared fields as its body, a nullable one required (the console sends it as null)', () => {
    const body = rowCommandBody(rowCommandOf(buildModel(passport, guilds), 'guildMembers', 'setRole').command)!;
    expect(body.required).toEqual(['roleId']);
    expect(body.properties).toEqual({ roleId: { type: ['string', 'null'], minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } });
  });

  it('is refused at start-up when the view or the command is not declared', () => {
    const { api, ctx, m } = mounted();
    expect(() => mountRowCommandCall(api, ctx, m, 'guildMembers', 'promote', def)).toThrow(/no row command of guildMembers 'promote'/);
    expect(() => mountRowCommandCall(api, ctx, m, 'allies', 'setRole', def)).toThrow(/no view 'allies'/);
  });
});

describe("a view of another resource's records answered as its row schema", () => {
  it("answers the row schema's fields of each record, one it lacks as null, and nothing else", () => {
    const record = { id: 'm1', version: 3, guildId: 'g1', personaId: 'p1', isLeader: false, joinedAt: '2025-01-02T03:04:05.000Z' };
    expect(viewRow(members, record)).toEqual({ guildId: 'g1', personaId: 'p1', isLeader: false, roleId: null, joinedAt: record.joinedAt });
    expect(viewRow({ row: 'guild-members' }, record)).toBe(record);
  });

  it('is refused at start-up when the rows name a field the resource lacks, or no resource', () => {
    const withView = (view: ViewDecl): [ServiceDecl, ResourceDecl] => {
      const res = { ...guilds, views: [view] };
      return [{ ...passport, resources: passport.resources.map((r) => (r.name === 'guilds' ? res : r)) }, res];
    };
    expect(() => checkRecordViews(...withView(members))).not.toThrow();
    const extra = { ...members, row: { ...(members.row as object), properties: { rank: { type: 'integer' } } } };
    expect(() => checkRecordViews(...withView(extra))).toThrow(/'rank' is not a field of guild-members/);
    const nowhere = { ...members, rowsOf: { ...members.rowsOf!, resource: 'guild-ranks' } };
    expect(() => checkRecordViews(...withView(nowhere))).toThrow(/needs a row resource/);
    const unordered = { ...members, rowsOf: { ...members.rowsOf!, where: { rank: 1 } } };
    expect(() => checkRecordViews(...withView(unordered))).toThrow(/'rank' is not a field/);
  });
});
