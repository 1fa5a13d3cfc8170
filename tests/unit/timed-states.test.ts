/**
 * Timed state changes (`StatusDecl.timed`): the start-up check of the format, and which calls bring a resource's
 * timed states up to date before they run.
 */
import { describe, expect, it } from 'vitest';
import type { ResourceDecl, ServiceDecl, TimedMove } from '../../resources/types';
import { buildModel } from '../../server/engine/model';
import { isDue, routeReads } from '../../server/engine/timed-states';

const label = { 'zh-CN': '活动', en: 'Events' };

const event = (timed: TimedMove[]): ResourceDecl => ({
  name: 'events',
  label,
  singular: label,
  schema: {
    type: 'object',
    properties: { name: { type: 'string' }, startsAt: { type: 'string', format: 'date-time' }, status: { type: 'string', readOnly: true } },
  },
  path: '/events',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'show'],
  list: { columns: ['name'] },
  status: { field: 'status', initial: 'waiting', values: { waiting: { color: 'default', label }, running: { color: 'green', label } }, timed },
  access: { read: ['app'], write: ['app'] },
});

const service = (res: ResourceDecl): ServiceDecl =>
  ({ name: 'trial', base: '/utrial/v1', convention: 'rest', resources: [res] }) as unknown as ServiceDecl;

const model = (timed: TimedMove[]) => {
  const res = event(timed);
  return buildModel(service(res), res);
};

describe('timed state changes', () => {
  it('are checked at start-up: their states are the resource’s, their time a date-time field', () => {
    expect(() => model([{ from: ['waiting'], to: 'running', at: 'startsAt', action: 'start' }])).not.toThrow();
    expect(() => model([{ from: ['waiting'], to: 'ended', at: 'startsAt', action: 'end' }])).toThrow(/'ended' is not a state/);
    expect(() => model([{ from: ['paused'], to: 'running', at: 'startsAt', action: 'start' }])).toThrow(/'paused' is not a state/);
    expect(() => model([{ to: 'running', at: 'name', action: 'start' }])).toThrow(/'name' is not a date-time field/);
  });

  it('are made before the calls whose path names the resource, under the service’s base only', () => {
    const m = model([{ to: 'running', at: 'startsAt', action: 'start' }]);
    expect(routeReads('/utrial/v1/events', m)).toBe(true);
    expect(routeReads('/utrial/v1/events/:id/publish', m)).toBe(true);
    expect(routeReads('/utrial/v1/sdk/events', m)).toBe(true);
    expect(routeReads('/utrial/v1/players/:id/events', m)).toBe(true);
    expect(routeReads('/utrial/v1/events-archive', m)).toBe(false);
    expect(routeReads('/utrial/v1/past-events', m)).toBe(false);
    expect(routeReads('/other/v1/events', m)).toBe(false);
  });

  it('are due once their time has come, or while it lies ahead for a move made ahead', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const [past, future] = ['2025-12-31T23:59:00Z', '2026-01-01T00:01:00Z'];
    const start = model([{ from: ['waiting'], to: 'running', at: 'startsAt', action: 'start' }]);
    expect(isDue(start, { id: 'e', status: 'waiting', startsAt: past }, now)).toBe(true);
    expect(isDue(start, { id: 'e', status: 'waiting', startsAt: future }, now)).toBe(false);
    const wait = model([{ from: ['running'], to: 'waiting', at: 'startsAt', ahead: true, action: 'wait' }]);
    expect(isDue(wait, { id: 'e', status: 'running', startsAt: future }, now)).toBe(true);
    expect(isDue(wait, { id: 'e', status: 'running', startsAt: past }, now)).toBe(false);
    expect(isDue(wait, { id: 'e', status: 'waiting', startsAt: future }, now)).toBe(false);
    expect(isDue(wait, { id: 'e', status: 'running' }, now)).toBe(false);
  });
});
