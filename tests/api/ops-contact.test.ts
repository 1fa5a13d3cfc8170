import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import calls from '../inventory/calls.json';
import { toOpenApiPath } from '../../server/engine/openapi';
import { startHarness, type Harness } from './harness';
import { call, countRows, fieldsOf, signInAll, type Sessions } from './ops-fixtures';

let h: Harness;
let s: Sessions;

const contact = (body: unknown, from = '192.0.2.1') => call(h, 'POST', '/base/contact-us', undefined, body, { remoteAddress: from });

beforeAll(async () => {
  h = await startHarness();
  s = await signInAll(h);
});
afterAll(() => h.close());

describe('contact us', () => {
  it('stores the message, mails the support team and records it, without a session', async () => {
    const res = await contact({ Content: '想了解私有化部署的价格', Name: '王小明', Email: 'wang@example.com', Phone: '+86 138 0000 0000' });
    expect(res.statusCode).toBe(204);
    const row = await h.db.query<{ content: string; name: string; phone: string; address: string }>(
      "SELECT content, name, phone, address FROM contact_messages WHERE email = 'wang@example.com'",
    );
    expect(row.rows).toEqual([{ content: '想了解私有化部署的价格', name: '王小明', phone: '+86 138 0000 0000', address: '192.0.2.1' }]);
    const mail = h.ctx.mail.outbox.at(-1)!;
    expect(mail.to).toBe(h.ctx.config.supportEmail);
    expect(mail.text).toContain('想了解私有化部署的价格');
    expect(mail.text).toContain('wang@example.com');
    const history = await call(h, 'POST', '/api/operation/history', s.admin, { Actor: 'guest:wang@example.com' });
    expect(history.json().Items[0].Action).toBe('contact.message.create');
  });

  it('refuses bad messages with 400 naming the field, storing nothing', async () => {
    const before = await countRows(h, 'contact_messages');
    for (const [body, field] of [
      [{ Content: '', Email: 'a@example.com' }, '/Content'],
      [{ Content: 'x'.repeat(2001), Email: 'a@example.com' }, '/Content'],
      [{ Content: 'hello', Email: 'not-an-address' }, '/Email'],
      [{ Content: 'hello' }, '/Email'],
      [{ Content: 'hello', Email: 'a@example.com', Phone: 'call me' }, '/Phone'],
      [{ Content: 'hello', Email: 'a@example.com', Company: 'ACME' }, '/Company'],
    ] as const) {
      const res = await contact(body, '192.0.2.2');
      expect(res.statusCode, field).toBe(400);
      expect(fieldsOf(res.json())).toContain(field);
    }
    expect(await countRows(h, 'contact_messages')).toBe(before);
  });

  it('allows five messages per address within ten minutes, then 429 without storing', async () => {
    for (let i = 0; i < 5; i++) expect((await contact({ Content: `message ${i}`, Email: `visitor${i}@example.com` }, '198.51.100.7')).statusCode).toBe(204);
    const before = await countRows(h, 'contact_messages');
    const blocked = await contact({ Content: 'one more', Email: 'visitor9@example.com' }, '198.51.100.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('too many requests');
    expect(await countRows(h, 'contact_messages')).toBe(before);
    expect((await contact({ Content: 'from elsewhere', Email: 'someone@example.com' }, '198.51.100.8')).statusCode).toBe(204);
  });

  it('also limits one e-mail address writing from many places', async () => {
    for (let i = 0; i < 5; i++) expect((await contact({ Content: 'again', Email: 'Roamer@example.com' }, `203.0.113.${i + 1}`)).statusCode).toBe(204);
    expect((await contact({ Content: 'again', Email: 'roamer@example.com' }, '203.0.113.99')).statusCode).toBe(429);
  });
});

describe('sending mail', () => {
  const mail = (cookie: string | undefined, body: unknown) => call(h, 'POST', '/api/send-mail', cookie, body);

  it('lets an administrator mail one address or several, each their own mail', async () => {
    const start = h.ctx.mail.outbox.length;
    expect((await mail(s.admin, { To: 'dev@example.com', Subject: 'Your ticket', Text: 'We will call you tomorrow.' })).statusCode).toBe(204);
    expect((await mail(s.admin, { To: ['a@example.com', 'b@example.com'], Subject: 'Maintenance', Text: 'Saturday 02:00' })).statusCode).toBe(204);
    expect(h.ctx.mail.outbox.slice(start)).toEqual([
      { to: 'dev@example.com', subject: 'Your ticket', text: 'We will call you tomorrow.' },
      { to: 'a@example.com', subject: 'Maintenance', text: 'Saturday 02:00' },
      { to: 'b@example.com', subject: 'Maintenance', text: 'Saturday 02:00' },
    ]);
    const history = await call(h, 'POST', '/api/operation/history', s.admin, { Action: 'mail.send' });
    expect(history.json().Items[0]).toMatchObject({ Actor: 'admin:admin@example.com', Target: 'a@example.com, b@example.com' });
  });

  it('refuses bad mail with 400 and anyone but an administrator', async () => {
    const start = h.ctx.mail.outbox.length;
    for (const [body, field] of [
      [{ To: 'nobody', Subject: 's', Text: 't' }, '/To'],
      [{ To: [], Subject: 's', Text: 't' }, '/To'],
      [{ To: ['a@example.com', 'oops'], Subject: 's', Text: 't' }, '/To/1'],
      [{ To: 'a@example.com', Text: 't' }, '/Subject'],
      [{ To: 'a@example.com', Subject: 's', Text: '' }, '/Text'],
    ] as const) {
      const res = await mail(s.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.json())).toContain(field);
    }
    expect((await mail(s.user, { To: 'a@example.com', Subject: 's', Text: 't' })).statusCode).toBe(403);
    expect((await mail(undefined, { To: 'a@example.com', Subject: 's', Text: 't' })).statusCode).toBe(401);
    expect(h.ctx.mail.outbox.length).toBe(start);
  });
});

describe('ping', () => {
  it('answers pong with the server time, without a session', async () => {
    const before = Date.now();
    const res = await call(h, 'GET', '/base/tools/ping');
    expect(res.statusCode).toBe(200);
    expect(res.json().Pong).toBe(true);
    const time = Date.parse(res.json().Time);
    expect(time).toBeGreaterThanOrEqual(before - 1000);
    expect(time).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe('the API document', () => {
  it('describes every operations call of spec 000, and the upload and download routes', async () => {
    const doc = (await call(h, 'GET', '/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const mine = /^\/(api\/(operation|service\/operation|statistics|ticket|tickets|send-mail|cos-token|chat-group-monitors)|base\/(contact-us|ticket|tools))/;
    const wanted = (calls as { seed: string; method: string; path: string }[]).filter((c) => c.seed === '000' && mine.test(c.path));
    expect(wanted).toHaveLength(13);
    for (const c of [...wanted, { method: 'PUT', path: '/blob/upload' }, { method: 'GET', path: '/blob/*' }]) {
      expect(doc.paths[toOpenApiPath(c.path)]?.[c.method.toLowerCase()], `${c.method} ${c.path}`).toBeDefined();
    }
  });
});
