import type { OperationEntry, OperationHistoryQuery } from '../../resources/ops-api';
import type { Queryable } from '../db';

export type HistoryFilter = Omit<OperationHistoryQuery, 'count' | 'start'>;

/** The kinds an actor is written with (`user:a@b.c`); a filter without a kind matches any of them. */
const ACTOR_KINDS = ['user', 'admin', 'app', 'service', 'guest'];

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;

/** SQL conditions on `audit_log l` for the filters; parameters are appended to `params`. */
export function historyConditions(f: HistoryFilter, params: unknown[]): string[] {
  const conds: string[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  if (f.AppId) conds.push(`l.app_id = ${p(f.AppId)}`);
  if (f.OrgId) {
    const org = p(f.OrgId);
    conds.push(`(l.app_id IN (SELECT app_id FROM apps WHERE org_id = ${org}) OR l.target = ${org})`);
  }
  if (f.Action) conds.push(`(l.action = ${p(f.Action)} OR l.action LIKE ${p(likePrefix(f.Action))})`);
  if (f.Actor) {
    const actor = f.Actor.trim().toLowerCase();
    const variants = actor.includes(':') ? [actor] : [actor, ...ACTOR_KINDS.map((k) => `${k}:${actor}`)];
    conds.push(`lower(l.actor) = ANY(${p(variants)}::text[])`);
  }
  if (f.From) conds.push(`l.at >= ${p(f.From)}`);
  if (f.To) conds.push(`l.at <= ${p(f.To)}`);
  return conds;
}

interface HistoryRow {
  id: string | number;
  at: Date | string;
  actor: string;
  app_id: string | null;
  app_name: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  service: string | null;
  title: string | null;
  template: string | null;
  user_name: string | null;
}

const toEntry = (r: HistoryRow): OperationEntry => ({
  Id: String(r.id),
  At: new Date(r.at).toISOString(),
  Actor: r.actor,
  AppId: r.app_id,
  AppName: r.app_name,
  Action: r.action,
  Target: r.target,
  Before: r.before ?? null,
  After: r.after ?? null,
  Service: r.service,
  Title: r.title,
  Template: r.template,
  UserName: r.user_name,
});

/** A page of the history, newest first, with the total before paging. */
export async function findHistory(db: Queryable, f: HistoryFilter, count: number, start: number): Promise<{ TotalCount: number; Items: OperationEntry[] }> {
  const params: unknown[] = [];
  const conds = historyConditions(f, params);
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log l ${where}`, params);
  const rows = await db.query<HistoryRow>(
    `SELECT l.id, l.at, l.actor, l.app_id, a.project_name AS app_name, l.action, l.target, l.before, l.after,
       l.service, l.title, l.template, l.user_name
     FROM audit_log l LEFT JOIN apps a ON a.app_id = l.app_id ${where}
     ORDER BY l.at DESC, l.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, count, start],
  );
  return { TotalCount: Number(total.rows[0].n), Items: rows.rows.map(toEntry) };
}

/** Stores what a service reported; answers the entry's id. */
export async function insertServiceOperation(
  db: Queryable,
  e: { service: string; appId: string; action: string; target: string; title?: string; template?: string; userName?: string },
): Promise<string> {
  const res = await db.query<{ id: string | number }>(
    `INSERT INTO audit_log (actor, app_id, action, target, service, title, template, user_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [`service:${e.service}`, e.appId, e.action, e.target, e.service, e.title ?? null, e.template ?? null, e.userName ?? null],
  );
  return String(res.rows[0].id);
}
