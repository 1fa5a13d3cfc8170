import { timingSafeEqual } from 'node:crypto';
import type { AppRecord, ServiceState } from '../../resources/platform';
import type { Queryable } from '../db';

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

const SELECT = `SELECT a.app_id, a.app_secret, a.app_service_secret, a.project_name, a.org_id, o.name AS org_name,
  m.role, a.services, a.support_multi_services, a.properties
  FROM apps a JOIN organizations o ON o.id = a.org_id LEFT JOIN org_members m ON m.org_id = a.org_id AND m.account_id = $1`;

/** An app as seen by one account (Role is that account's role in the app's organisation, '' if none). */
export async function findApp(db: Queryable, appId: string, accountId = ''): Promise<AppView | undefined> {
  const res = await db.query<AppRow>(`${SELECT} WHERE a.app_id = $2`, [accountId, appId]);
  return res.rows[0] ? toView(res.rows[0]) : undefined;
}

/** The apps of every organisation the account belongs to, optionally narrowed to ids and one organisation. */
export async function listAppsOf(db: Queryable, accountId: string, filter: { appIds?: string[]; orgId?: string; limit: number }): Promise<AppView[]> {
  const params: unknown[] = [accountId];
  const conds = ['m.account_id IS NOT NULL'];
  if (filter.appIds?.length) conds.push(`a.app_id = ANY($${params.push(filter.appIds)}::text[])`);
  if (filter.orgId) conds.push(`a.org_id = $${params.push(filter.orgId)}`);
  const res = await db.query<AppRow>(`${SELECT} WHERE ${conds.join(' AND ')} ORDER BY a.created_at ASC LIMIT ${filter.limit}`, params);
  return res.rows.map(toView);
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

/**
 * Verifies app credentials with a short cache, as the service gateways do. `forget` drops an app's entry (a
 * service's refresh-token call, or a secret rotation) so the change takes effect at once.
 */
export class AppDirectory {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = 30_000,
  ) {}

  async get(appId: string): Promise<AppView | undefined> {
    const hit = this.cache.get(appId);
    if (hit && hit.until > Date.now()) return hit.app;
    const app = await findApp(this.db, appId);
    if (app) this.cache.set(appId, { app, until: Date.now() + this.ttlMs });
    else this.cache.delete(appId);
    return app;
  }

  async verify(appId: string, serviceSecret: string): Promise<AppView | undefined> {
    const app = await this.get(appId);
    return app && sameSecret(app.AppServiceSecret, serviceSecret) ? app : undefined;
  }

  forget(appId: string): void {
    this.cache.delete(appId);
  }
}
