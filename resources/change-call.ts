import type { ChangeDecl, FieldCondition } from './change-types';
import { refusedMessage } from './action-call';
import type { ResourceDecl, ServiceDecl } from './types';

/**
 * How a create-once record's declared change is called and when it applies: one answer read by the server (mount,
 * checks), the console (buttons) and the tests.
 */

/** The call's path under the service base: the item path's `:id` (the record's id in place when given), or the service base's. */
export function changePath(resource: Pick<ResourceDecl, 'path'>, change: Pick<ChangeDecl, 'path' | 'bodyId'>, id?: string): string {
  return change.bodyId ? change.path : `${resource.path}/${id === undefined ? ':id' : encodeURIComponent(id)}${change.path}`;
}

/** The body the console sends for a change: what it `sends`, and the version read when the change is versioned. */
export function changeBody(change: ChangeDecl, record: Record<string, unknown>): Record<string, unknown> {
  return { ...change.sends, ...(change.versioned ? { version: record.version } : {}) };
}

/** Whether the record's fields hold the condition (each listed field one of its values; any one of a list). */
export function holds(condition: FieldCondition | FieldCondition[] | undefined, record: Record<string, unknown>): boolean {
  if (!condition) return true;
  const all = Array.isArray(condition) ? condition : [condition];
  return all.some((c) => Object.entries(c).every(([field, values]) => values.includes(record[field] as never)));
}

/** Whether the change may be made now: its `when` holds. */
export const changeAllowed = (change: Pick<ChangeDecl, 'when'>, record: Record<string, unknown>): boolean => holds(change.when, record);

/** Whether making the change would leave the record as it is (every field it sets already holds that value). */
export const changeIsIdle = (change: Pick<ChangeDecl, 'set'>, record: Record<string, unknown>): boolean =>
  Object.entries(change.set).every(([field, value]) => record[field] === value);

/** The 409's message when the change is asked for while its `when` does not hold. */
export function changeRefusal(change: Pick<ChangeDecl, 'refused'>, record: Record<string, unknown>): string {
  if (typeof change.refused === 'string') return change.refused;
  return change.refused?.find((r) => holds(r.when, record))?.message ?? refusedMessage({});
}

/** The declared changes of a resource grouped by the call they share (`<method> <path>`), in declaration order. */
export function changeCalls(resource: ResourceDecl): { method: ChangeDecl['method']; path: string; changes: ChangeDecl[] }[] {
  const calls = new Map<string, { method: ChangeDecl['method']; path: string; changes: ChangeDecl[] }>();
  for (const change of resource.changes ?? []) {
    const path = changePath(resource, change);
    const key = `${change.method} ${path}`;
    if (!calls.has(key)) calls.set(key, { method: change.method, path, changes: [] });
    calls.get(key)!.changes.push(change);
  }
  return [...calls.values()];
}

/** The change a call's body chooses: the one whose every `sends` field the body carries with that value. */
export const chosenChange = (changes: ChangeDecl[], body: Record<string, unknown>): ChangeDecl | undefined =>
  changes.find((c) => Object.entries(c.sends).every(([field, value]) => body[field] === value));

/** A change's full address for one record (the service base included). */
export const changeUrl = (service: Pick<ServiceDecl, 'base'>, resource: Pick<ResourceDecl, 'path'>, change: ChangeDecl, id: string): string =>
  `${service.base}${changePath(resource, change, id)}`;
