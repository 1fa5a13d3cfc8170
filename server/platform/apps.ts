import { timingSafeEqual } from 'node:crypto';
import type { AppRecord, ServiceState } from '../../resources/platform';
import type { Db, Queryable } from '../db';

export type { ServiceState } from '../../resources/platform';
/** The app as spec 000 §3 names its fields. */
export type AppView = AppRecord;

interface AppRow {
  app_id: string;
  app_secret: string;
  app_service_secret: string;
  project_name: string;
  org_id: string;
  org_name: string;
  role: string | null;
  services: Record<string, ServiceState>;
  support_multi_services: boolean;
  properties: Record<string, string>;
}

const toView = (r: AppRow): AppView => ({
  AppId: r.app_id,
  AppSecret: r.app_secret,
  AppServiceSecret: r.app_service_secret,
  ProjectName: r.project_name,
  OrganizationId: r.org_id,
  OrganizationName: r.org_name,
  Role: r.role ?? '',
  Services: r.services,
  SupportMultiServices: r.support_multi_services,
  Properties: r.properties,
});

const COLUMNS = `a.app_id, a.app_secret, a.app_service_secret, a.project_name, a.org_id, o.name AS org_name,
  m.role, a.services, a.support_multi_services, a.properties`;
const FROM = `FROM apps a JOIN organizations o ON o.id = a.org_id LEFT JOIN org_members m ON m.org_id = a.org_id AND m.account_id = $1`;

/** An app as seen by one account (Role is that account's role in the app's organisation, '' if none). */
export async function findApp(db: Queryable, appId: string, accountId = ''): Promise<AppView | undefined> {
  const res = await db.query<AppRow>(`SELECT ${COLUMNS} ${FROM} WHERE a.app_id = $2`, [accountId, appId]);
  return res.rows[0] ? toView(res.rows[0]) : undefined;
}

export interface AppFilter {
  appIds?: string[];
  orgId?: string;
  /** Part of the name, or the whole app id. */
  q?: string;
  /** Part of the organisation's name or company name (administrators' searches). */
  orgName?: string;
  companyName?: string;
  limit: number;
  offset?: number;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Apps with the total before paging: `member` scope keeps the apps of organisations the account belongs to;
 * `all` (administrators) every app. Role is always the account's own role ('' where it has none).
 */
export async function listApps(
  db: Queryable,
  accountId: string,
  scope: 'member' | 'all',
  filter: AppFilter,
): Promise<{ total: number; items: AppView[] }> {
  const params: unknown[] = [accountId];
  const conds = scope === 'member' ? ['m.account_id IS NOT NULL'] : [];
  if (filter.appIds?.length) conds.push(`a.app_id = ANY($${params.push(filter.appIds)}::text[])`);
  if (filter.orgId) conds.push(`a.org_id = $${params.push(filter.orgId)}`);
  if (filter.q) {
    const n = params.push(containing(filter.q));
    conds.push(`(a.project_name ILIKE $${n} OR a.app_id = $${params.push(filter.q)})`);
  }
  if (filter.orgName) conds.push(`o.name ILIKE $${params.push(containing(filter.orgName))}`);
  if (filter.companyName) conds.push(`o.company_name ILIKE $${params.push(containing(filter.companyName))}`);
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  // Members see their apps oldest first (a stable order); administrators the newest first.
  const order = scope === 'member' ? 'a.created_at ASC, a.app_id ASC' : 'a.created_at DESC, a.app_id DESC';
  const page = `LIMIT $${params.push(filter.limit)} OFFSET $${params.push(filter.offset ?? 0)}`;
  const res = await db.query<AppRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total ${FROM} ${where} ORDER BY ${order} ${page}`,
    params,
  );
  if (res.rows.length === 0 && (filter.offset ?? 0) > 0) {
    const counted = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${FROM} ${where}`, params.slice(0, -2));
    return { total: Number(counted.rows[0].total), items: [] };
  }
  return { total: res.rows.length ? Number(res.rows[0].total) : 0, items: res.rows.map(toView) };
}

/** The app without its secrets: what the operation history keeps. */
export function auditView(app: AppView): Omit<AppView, 'AppSecret' | 'AppServiceSecret' | 'Role'> {
  const { AppSecret: _s, AppServiceSecret: _ss, Role: _r, ...rest } = app;
  return rest;
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

interface Cached {
  app: AppView;
  until: number;
}

/** The channel on which instances tell each other that an app changed (its id is the notice). */
export const APPS_CHANNEL = 'lodestar_apps';

/**
 * Verifies app credentials with a short cache, as the service gateways do. `forget` drops an app's entry (a
 * service's refresh-token call, a secret rotation, a service switched on or off) here at once and tells every other
 * instance on the database to drop it too (`listen`), so the change takes effect everywhere within a notice's
 * delivery; the cache's lifetime bounds a notice that is lost.
 */
export class AppDirectory {
  private readonly cache = new Map<string, Cached>();
  /** Bumped by every drop: a read that started before a change must not put the old app back in the cache. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
  ) {}

  async get(appId: string): Promise<AppView | undefined> {
    const hit = this.cache.get(appId);
    if (hit && hit.until > Date.now()) return hit.app;
    const started = this.generation;
    const app = await findApp(this.db, appId);
    if (started !== this.generation) return app;
    if (app) this.cache.set(appId, { app, until: Date.now() + this.ttlMs });
    else this.cache.delete(appId);
    return app;
  }

  async verify(appId: string, serviceSecret: string): Promise<AppView | undefined> {
    const app = await this.get(appId);
    return app && sameSecret(app.AppServiceSecret, serviceSecret) ? app : undefined;
  }

  /**
   * Drops the app here, then sends the notice to the other instances (call it once the change is committed). Never
   * fails: a notice that cannot be sent leaves the others to the cache's lifetime.
   */
  async forget(appId: string): Promise<void> {
    this.drop(appId);
    await this.db.notify(APPS_CHANNEL, appId).catch(() => undefined);
  }

  /** Hears the other instances' notices; a listener that had to reconnect may have missed some, so forgets all. */
  listen(): Promise<() => Promise<void>> {
    return this.db.listen(APPS_CHANNEL, (appId) => this.drop(appId), () => this.drop());
  }

  /** Drops one app, or every app. */
  private drop(appId?: string): void {
    this.generation++;
    if (appId === undefined) this.cache.clear();
    else this.cache.delete(appId);
  }
}
