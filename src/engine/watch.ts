import type { ResourceDecl } from '../../resources/types';

/** How often a record's page reads a watched record again. */
export const WATCH_MS = 2000;

/** Whether the record is in a state a background job moves it out of (`StatusDecl.watch`): its page reads it again. */
export const watched = (decl: ResourceDecl, record: Record<string, unknown> | undefined): boolean =>
  !!decl.status?.watch && !!record && decl.status.watch.includes(String(record[decl.status.field]));
