import type { PlatformEntityDecl } from './platform-entities';
import type { ActionDecl, Principal, ServiceDecl } from './types';

/** Who declares state actions: a service (for its resources) or a platform entity. */
export type ActionOwner = ServiceDecl | PlatformEntityDecl;

/**
 * How a state action is called: its declared method and path, or its owner's convention — REST `PUT <item>/<name>`,
 * passport and the platform's own entities `POST <item>/<name>` (spec 002 §7, spec 000 §4). The server mounts it and
 * the console calls it from this one answer.
 */
export function actionCall(owner: ActionOwner, action: ActionDecl): { method: 'POST' | 'PUT'; path: string } {
  const byConvention = 'convention' in owner && owner.convention !== 'passport' ? 'PUT' : 'POST';
  return { method: action.method ?? byConvention, path: action.path ?? `/${action.name}` };
}

/** The value an action sends in its body to say which action it is, when it shares its endpoint (`sends`). */
export const actionSent = (action: Pick<ActionDecl, 'sends'>): Record<string, string> =>
  action.sends ? { [action.sends.field]: action.sends.value } : {};

/** The address of an action on one record: `<collection path>/<id><action path>`. */
export function actionUrl(collection: string, id: string, call: { path: string }): string {
  return `${collection}/${encodeURIComponent(id)}${call.path}`;
}

/** Whether a state action may start from this state (one of its `from`). */
export function actionAllowed(action: Pick<ActionDecl, 'from'>, status: unknown): boolean {
  return typeof status === 'string' && action.from.includes(status);
}

/** The 409's message when the action is asked for from another state. */
export const refusedMessage = (action: Pick<ActionDecl, 'refused'>): string => action.refused ?? 'action not allowed from the current state';

/** A platform entity's action by name; a name it does not declare is a programming error. */
export function entityAction(entity: PlatformEntityDecl, name: string): ActionDecl {
  const action = entity.actions.find((a) => a.name === name);
  if (!action) throw new Error(`${entity.name}: no action '${name}'`);
  return action;
}

/**
 * The actions of a platform entity a viewer is offered on a record: allowed from its state, naming one of the
 * viewer's principals in their `access`, and passing the page's own rule when it has one.
 */
export function offeredActions(entity: PlatformEntityDecl, record: object, principals: readonly Principal[], when?: (action: ActionDecl) => boolean): ActionDecl[] {
  const status = (record as Record<string, unknown>)[entity.status.field];
  return entity.actions.filter((a) => actionAllowed(a, status) && (a.access ?? []).some((p) => principals.includes(p)) && (when?.(a) ?? true));
}

/** A declared confirmation with the record's fields put in for its `{{Field}}` marks (unknown marks stay). */
export function confirmText(template: string, record: object): string {
  const fields = record as Record<string, unknown>;
  return template.replace(/\{\{(\w+)\}\}/g, (mark, name: string) => (name in fields ? String(fields[name] ?? '') : mark));
}
