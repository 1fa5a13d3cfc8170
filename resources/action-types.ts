/** State actions of a resource (`ResourceDecl.actions`). */
import type { EndpointApi } from './call-types';
import type { JsonSchema, Principal, Text } from './types';

/** A state action: a call that moves a record from one of `from` to `to`. */
export interface ActionDecl {
  name: string;
  label: Text;
  from: string[];
  to: string;
  /** Default by the service's convention: `PUT` in REST, `POST` in passport (see `actionCall`). */
  method?: 'POST' | 'PUT';
  /** Appended to the item path, e.g. `/enable` → `PUT /overrides/:id/enable`; default `/<name>`. */
  path?: string;
  /** Ask before doing it (destructive or hard to undo). */
  confirm?: Text;
  danger?: boolean;
  /**
   * Fields the action carries and writes into the record with the transition (an object schema), e.g. a ban's
   * reason and end, or a publish time. The console asks for them in the action's dialog.
   */
  fields?: JsonSchema;
  /**
   * A value the call carries in its body beside its fields, saying which action it is: several actions may share
   * one method and path when each sends a different value of the same body field (a mod's inspection: `POST
   * /inspect` with `{ result: 'approve' }` → success, `{ result: 'reject', reason }` → failed). The server mounts
   * the path once and moves the record by the action the value names; the console sends it with the action.
   */
  sends?: { field: string; value: string };
  /**
   * `service`: the service's own code serves this call, because the move does more than change the state (a
   * purchase fulfilled again grants its contents). The engine does not mount it; the console offers it only from
   * `from`, like any action.
   */
  implementedBy?: 'service';
  /**
   * The 409's message when the action is asked for from any other state (an English key of `resources/messages/`),
   * e.g. 'only pending invoices can be finished'; default 'action not allowed from the current state'
   * (`refusedMessage`). Answered by the records engine's actions and bulk commands and by platform entities' actions.
   */
  refused?: string;
  /** Who may call it, where that differs from the owner's write access (a back-office-only move). */
  access?: Principal[];
  /** For `implementedBy: 'service'`: what the API document says of it (see `EndpointApi`). */
  api?: EndpointApi;
}
