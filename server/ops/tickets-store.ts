import { randomBytes } from 'node:crypto';
import type { Ticket, TicketInput } from '../../resources/ops-api';
import { offerOf } from '../../resources/ops-api';
import type { Queryable } from '../db';
import { containing } from './sql';

interface TicketRow {
  id: string;
  org_id: string;
  org_name: string;
  type: Ticket['Type'];
  status: Ticket['Status'];
  fee: string;
  fee_unit: Ticket['FeeUnit'];
  title: string;
  content: string;
  contact: string;
  created_at: Date | string;
}

/** Two decimals as stored (numeric(18,2)), whatever the driver hands back. */
const money = (v: string | number) => (typeof v === 'number' ? v.toFixed(2) : v);

const toTicket = (r: TicketRow): Ticket => ({
  TicketId: r.id,
  OrgId: r.org_id,
  OrgName: r.org_name,
  Type: r.type,
  Status: r.status,
  Fee: money(r.fee),
  FeeUnit: r.fee_unit,
  Title: r.title,
  Content: r.content,
  Contact: r.contact,
  CreatedAt: new Date(r.created_at).toISOString(),
});

const SELECT = `SELECT t.id, t.org_id, o.name AS org_name, t.type, t.status, t.fee::text AS fee, t.fee_unit, t.title, t.content,
  t.contact, t.created_at FROM consultation_tickets t JOIN organizations o ON o.id = t.org_id`;

/** An unguessable ticket id: 144 random bits. */
export const newTicketId = () => randomBytes(18).toString('base64url');

export async function insertTicket(db: Queryable, id: string, input: TicketInput, accountId: string): Promise<Ticket> {
  const offer = offerOf(input.Type);
  if (!offer) throw new Error(`no consultation offer ${input.Type}`);
  await db.query(
    `INSERT INTO consultation_tickets (id, org_id, type, fee, fee_unit, title, content, contact, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, input.OrgId, input.Type, offer.fee, offer.unit, input.Title, input.Content, input.Contact, accountId],
  );
  const ticket = await findTicket(db, id);
  if (!ticket) throw new Error('ticket vanished');
  return ticket;
}

export async function findTicket(db: Queryable, id: string): Promise<Ticket | undefined> {
  const res = await db.query<TicketRow>(`${SELECT} WHERE t.id = $1`, [id]);
  return res.rows[0] ? toTicket(res.rows[0]) : undefined;
}

export interface TicketFilter {
  /** Only the organisations this account belongs to (members); absent for administrators. */
  memberId?: string;
  status?: string;
  type?: string;
  orgId?: string;
  orgName?: string;
  count: number;
  start: number;
}

export async function listTickets(db: Queryable, f: TicketFilter): Promise<{ TotalCount: number; Items: Ticket[] }> {
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const conds: string[] = [];
  if (f.memberId) conds.push(`t.org_id IN (SELECT org_id FROM org_members WHERE account_id = ${p(f.memberId)})`);
  if (f.status) conds.push(`t.status = ${p(f.status)}`);
  if (f.type) conds.push(`t.type = ${p(f.type)}`);
  if (f.orgId) conds.push(`t.org_id = ${p(f.orgId)}`);
  if (f.orgName) conds.push(`o.name ILIKE ${p(containing(f.orgName))}`);
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  const total = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM consultation_tickets t JOIN organizations o ON o.id = t.org_id ${where}`,
    params,
  );
  const rows = await db.query<TicketRow>(`${SELECT} ${where} ORDER BY t.created_at DESC, t.id LIMIT ${p(f.count)} OFFSET ${p(f.start)}`, params);
  return { TotalCount: Number(total.rows[0].n), Items: rows.rows.map(toTicket) };
}
