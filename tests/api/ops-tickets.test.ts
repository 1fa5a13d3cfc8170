import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../resources/ops-api';
import { startHarness, type Harness } from './harness';
import { call, countRows, fieldsOf, orgOfApp, signInAll, type Sessions } from './ops-fixtures';

let h: Harness;
let s: Sessions;
let demoOrg: string;
let otherOrg: string;

const submit = (cookie: string | undefined, body: unknown) => call(h, 'POST', '/api/ticket', cookie, body);
const ticketOf = (orgId: string, Type = 'analysis', Title = 'Crash on start') => ({
  OrgId: orgId,
  Type,
  Title,
  Content: 'The game crashes on Android 14 right after the splash screen.',
  Contact: 'dev@example.com',
});

beforeAll(async () => {
  h = await startHarness();
  s = await signInAll(h);
  demoOrg = await orgOfApp(h, h.appId);
  otherOrg = await orgOfApp(h, h.otherAppId);
});
afterAll(() => h.close());

describe('submitting a consultation ticket', () => {
  it('creates a Pending ticket with the fee of its kind (spec 000 §9) and mails the support team', async () => {
    const res = await submit(s.user, ticketOf(demoOrg));
    expect(res.statusCode).toBe(201);
    const t = res.json() as Ticket;
    expect(t).toMatchObject({ OrgId: demoOrg, OrgName: 'Demo Studio', Type: 'analysis', Status: 'Pending', Fee: '6480.00', FeeUnit: 'session' });
    expect(t.TicketId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const mail = h.ctx.mail.outbox.at(-1)!;
    expect(mail.to).toBe(h.ctx.config.supportEmail);
    expect(mail.subject).toContain('Crash on start');
    expect(mail.text).toContain(`/consultation/${t.TicketId}`);
    expect(mail.text).toContain('dev@example.com');
  });

  it('charges per half hour for proposals: 648 with a director, 1280 with the chief', async () => {
    const director = await submit(s.user, ticketOf(demoOrg, 'proposal-director', 'Architecture review'));
    expect(director.json()).toMatchObject({ Fee: '648.00', FeeUnit: 'half-hour' });
    const chief = await submit(s.user, ticketOf(demoOrg, 'proposal-chief', 'Big launch'));
    expect(chief.json()).toMatchObject({ Fee: '1280.00', FeeUnit: 'half-hour' });
  });

  it('writes the submission to the operation history', async () => {
    const res = await call(h, 'POST', '/api/operation/history', s.admin, { Action: 'consultation.ticket.create', Actor: 'demo@example.com' });
    expect(res.json().TotalCount).toBe(3);
  });

  it("refuses another organisation's members, administrators without a user session, and no session", async () => {
    const before = await countRows(h, 'consultation_tickets');
    expect((await submit(s.other, ticketOf(demoOrg))).statusCode).toBe(403);
    expect((await submit(s.user, ticketOf(otherOrg))).statusCode).toBe(403);
    expect((await submit(s.user, ticketOf('no-such-org'))).statusCode).toBe(403);
    expect((await submit(s.admin, ticketOf(demoOrg))).statusCode).toBe(403);
    expect((await submit(undefined, ticketOf(demoOrg))).statusCode).toBe(401);
    expect(await countRows(h, 'consultation_tickets')).toBe(before);
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const before = await countRows(h, 'consultation_tickets');
    const outbox = h.ctx.mail.outbox.length;
    for (const [body, field] of [
      [{ ...ticketOf(demoOrg), Type: 'free-lunch' }, '/Type'],
      [{ ...ticketOf(demoOrg), Title: 'x'.repeat(101) }, '/Title'],
      [{ ...ticketOf(demoOrg), Content: '' }, '/Content'],
      [{ ...ticketOf(demoOrg), Extra: true }, '/Extra'],
      [(({ Contact: _c, ...rest }) => rest)(ticketOf(demoOrg)), '/Contact'],
    ] as const) {
      const res = await submit(s.user, body);
      expect(res.statusCode, field).toBe(400);
      expect(fieldsOf(res.json())).toContain(field);
    }
    expect(await countRows(h, 'consultation_tickets')).toBe(before);
    expect(h.ctx.mail.outbox.length).toBe(outbox);
  });
});

describe('reading tickets', () => {
  let otherTicket: Ticket;

  beforeAll(async () => {
    otherTicket = (await submit(s.other, ticketOf(otherOrg, 'proposal-chief', 'Other studio question'))).json();
  });

  it("lists a member's own organisations' tickets only, newest first", async () => {
    const mine = await call(h, 'GET', '/api/tickets', s.user);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().TotalCount).toBe(3);
    expect(mine.json().Items.map((t: Ticket) => t.Title)).toEqual(['Big launch', 'Architecture review', 'Crash on start']);
    const theirs = await call(h, 'GET', '/api/tickets', s.other);
    expect(theirs.json().Items.map((t: Ticket) => t.TicketId)).toEqual([otherTicket.TicketId]);
    const narrowed = await call(h, 'GET', `/api/tickets?orgId=${otherOrg}`, s.user);
    expect(narrowed.json()).toEqual({ TotalCount: 0, Items: [] });
  });

  it('lists every ticket for administrators, with organisation, status and paging filters', async () => {
    const all = await call(h, 'GET', '/api/tickets', s.admin);
    expect(all.json().TotalCount).toBe(4);
    const byName = await call(h, 'GET', '/api/tickets?orgName=OTHER', s.admin);
    expect(byName.json().Items.map((t: Ticket) => t.OrgName)).toEqual(['Other Studio']);
    const byId = await call(h, 'GET', `/api/tickets?orgId=${demoOrg}&status=Pending&type=analysis`, s.admin);
    expect(byId.json().Items.map((t: Ticket) => t.Title)).toEqual(['Crash on start']);
    const page = await call(h, 'GET', '/api/tickets?count=2&start=1', s.admin);
    expect(page.json().TotalCount).toBe(4);
    expect(page.json().Items.map((t: Ticket) => t.Title)).toEqual(['Big launch', 'Architecture review']);
  });

  it('refuses bad list parameters and a missing session', async () => {
    const bad = await call(h, 'GET', '/api/tickets?status=Closed', s.admin);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(['query.status']);
    expect((await call(h, 'GET', '/api/tickets?count=0', s.user)).statusCode).toBe(400);
    expect((await call(h, 'GET', '/api/tickets')).statusCode).toBe(401);
  });

  it('shows a ticket to whoever holds its id, without a session', async () => {
    const res = await call(h, 'GET', `/base/ticket/${otherTicket.TicketId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(otherTicket);
    expect((await call(h, 'GET', '/base/ticket/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await call(h, 'GET', '/base/ticket/not.an.id')).statusCode).toBe(400);
  });
});
