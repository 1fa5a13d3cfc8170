import type { Certification, CertificationStatus } from '../../../resources/payments-api';
import type { Queryable } from '../../db';
import { iso, likePattern } from '../access';

interface Row {
  id: string;
  org_id: string;
  org_name: string;
  company_name: string;
  credit_code: string;
  legal_person: string;
  license_key: string;
  status: CertificationStatus;
  requested_by: string;
  reviewed_by: string | null;
  reviewed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

const SELECT = `SELECT c.id, c.org_id, o.name AS org_name, c.company_name, c.credit_code, c.legal_person, c.license_key, c.status,
  c.requested_by, c.reviewed_by, c.reviewed_at, c.created_at, c.updated_at, c.version
  FROM enterprise_certifications c JOIN organizations o ON o.id = c.org_id`;

const toCertification = (r: Row): Certification => ({
  Id: r.id,
  OrgId: r.org_id,
  OrgName: r.org_name,
  CompanyName: r.company_name,
  CreditCode: r.credit_code,
  LegalPerson: r.legal_person,
  LicenseKey: r.license_key,
  Status: r.status,
  RequestedBy: r.requested_by,
  ReviewedBy: r.reviewed_by,
  ReviewedAt: iso(r.reviewed_at),
  CreatedAt: iso(r.created_at)!,
  UpdatedAt: iso(r.updated_at)!,
  Version: r.version,
});

export async function findCertification(q: Queryable, id: string, lock = false): Promise<Certification | undefined> {
  const res = await q.query<Row>(`${SELECT} WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`, [id]);
  return res.rows[0] ? toCertification(res.rows[0]) : undefined;
}

export interface CertificationFilter {
  orgIds?: string[];
  orgId?: string;
  status?: CertificationStatus;
  /** Company name, credit code or organisation name. */
  q?: string;
}

export async function listCertifications(db: Queryable, f: CertificationFilter, count: number, start: number): Promise<{ TotalCount: number; Items: Certification[] }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.orgIds) where.push(`c.org_id = ANY($${params.push(f.orgIds)}::text[])`);
  if (f.orgId) where.push(`c.org_id = $${params.push(f.orgId)}`);
  if (f.status) where.push(`c.status = $${params.push(f.status)}`);
  if (f.q) {
    const n = params.push(likePattern(f.q));
    where.push(`(c.company_name ILIKE $${n} OR c.credit_code ILIKE $${n} OR o.name ILIKE $${n})`);
  }
  const clause = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM enterprise_certifications c JOIN organizations o ON o.id = c.org_id${clause}`, params);
  const rows = await db.query<Row>(`${SELECT}${clause} ORDER BY c.created_at DESC, c.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, count, start]);
  return { TotalCount: total.rows[0].n, Items: rows.rows.map(toCertification) };
}
