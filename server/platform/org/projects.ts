import type { ProjectItem } from '../../../resources/org-api';
import type { Queryable } from '../../db';
import { containsPattern, iso, Where, type Paging } from './sql';

/** A project is the identity side of an app: the same id and name (apps.app_id, apps.project_name). */
interface ProjectRow {
  app_id: string;
  project_name: string;
  org_id: string;
  org_name: string;
  created_at: Date | string;
  member_count: number;
}

const toProject = (r: ProjectRow): ProjectItem => ({
  Id: r.app_id,
  Name: r.project_name,
  OrganizationId: r.org_id,
  OrganizationName: r.org_name,
  CreatedAt: iso(r.created_at),
  MemberCount: Number(r.member_count),
});

const FROM = 'FROM apps a JOIN organizations o ON o.id = a.org_id';
const SELECT = `SELECT a.app_id, a.project_name, a.org_id, o.name AS org_name, a.created_at,
  (SELECT count(*)::int FROM org_members m WHERE m.org_id = a.org_id) AS member_count ${FROM}`;

/** The organisation's projects, oldest first; `q` matches the name or the exact id. */
export async function listProjects(db: Queryable, orgId: string, p: Paging): Promise<{ TotalCount: number; Items: ProjectItem[] }> {
  const where = new Where().add('a.org_id = $?', orgId);
  if (p.q) where.add('(a.project_name ILIKE $? OR a.app_id = $?)', containsPattern(p.q), p.q);
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} ${where}`, where.params);
  const page = where.page(p);
  const rows = await db.query<ProjectRow>(`${SELECT} ${where} ORDER BY a.created_at ASC, a.app_id ASC ${page.sql}`, page.params);
  return { TotalCount: Number(total.rows[0].n), Items: rows.rows.map(toProject) };
}

export async function findProject(db: Queryable, projectId: string): Promise<ProjectItem | undefined> {
  const res = await db.query<ProjectRow>(`${SELECT} WHERE a.app_id = $1`, [projectId]);
  return res.rows[0] ? toProject(res.rows[0]) : undefined;
}
