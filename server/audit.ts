import type { Queryable } from './db';

export interface AuditEntry {
  actor: string;
  appId?: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Operation history: who changed what, when, with the record before and after. */
export async function recordOperation(db: Queryable, e: AuditEntry): Promise<void> {
  await db.query('INSERT INTO audit_log (actor, app_id, action, target, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [
    e.actor,
    e.appId ?? null,
    e.action,
    e.target,
    e.before === undefined ? null : JSON.stringify(e.before),
    e.after === undefined ? null : JSON.stringify(e.after),
  ]);
}
