import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_CAPACITY } from '../../server/services/passport/liveops/inbox';
import { startHarness, type Harness } from './harness';
import { asOther, historyCount, holdings, newPlayer, newResource, ok, refusal, slug, type TestPlayer } from './passport-liveops-fixtures';
import { passport } from '../../resources/passport';

let h: Harness;
let coin: string;
beforeAll(async () => {
  h = await startHarness();
  coin = await newResource(h);
});
afterAll(() => h.close());

const B = passport.base;
type Message = { id: string; status: string; personaId: string; title: string; attachments: unknown[] };
type SendRecord = { id: string; delivered: number; refused: { personaId: string; reason: string }[]; status: string; recalled: number };

const send = (body: unknown) => h.svc('POST', `${B}/inbox/messages`, body);
const toPersonas = (...players: TestPlayer[]) => ({ type: 'personas', personaIds: players.map((p) => p.personaId) });
const inboxOf = async (p: TestPlayer) => ok<{ total: number; messages: Message[] }>(await p.call('GET', `${B}/sdk/inbox?count=1000`));
const messageCount = async (recordId?: string) =>
  (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM passport_inbox_messages WHERE ($1::text IS NULL OR record_id = $1)', [recordId ?? null])).rows[0].n;

describe('sending', () => {
  it('sends a template to named personas, each getting an Unread copy with its attachments', async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const template = ok(await h.svc('POST', `${B}/inbox/templates`, { name: 'Gift', slugName: slug('gift'), title: 'A gift', content: 'For you', attachments: [{ resource: coin, amount: 5 }] }), 201);
    const record = ok<SendRecord>(await send({ template: template.slugName, target: toPersonas(a, b) }), 201);
    expect(record).toMatchObject({ delivered: 2, refused: [], status: 'Sent' });
    for (const p of [a, b]) {
      const inbox = await inboxOf(p);
      expect(inbox.total).toBe(1);
      expect(inbox.messages[0]).toMatchObject({ title: 'A gift', status: 'Unread', personaId: p.personaId, attachments: [{ resource: coin, amount: 5 }] });
    }
    expect(await historyCount(h, 'passport.inbox.send', record.id)).toBe(1);
  });

  it('sends to the personas carrying a tag, and to everyone', async () => {
    const tag = slug('vip');
    const [tagged, plain] = [await newPlayer(h, { tags: [tag] }), await newPlayer(h)];
    const byTag = ok<SendRecord>(await send({ title: 'VIP only', target: { type: 'tag', tagId: tag } }), 201);
    expect(byTag.delivered).toBe(1);
    expect((await inboxOf(tagged)).messages.map((m) => m.title)).toContain('VIP only');
    expect((await inboxOf(plain)).messages.map((m) => m.title)).not.toContain('VIP only');

    const personas = (await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE service = 'passport' AND kind = 'personas' AND scope_id = $1", [h.appId])).rows[0].n;
    const everyone = ok<SendRecord>(await send({ title: 'Hello all', target: { type: 'everyone' } }), 201);
    expect(everyone.delivered).toBe(personas);
    expect((await inboxOf(plain)).messages.map((m) => m.title)).toContain('Hello all');
  });

  it('refuses bad sends with 400 naming the field, storing nothing', async () => {
    const a = await newPlayer(h);
    const before = await messageCount();
    const records = (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM passport_inbox_records')).rows[0].n;
    const cases: [unknown, string][] = [
      [{ target: toPersonas(a) }, '/title'],
      [{ template: 'weekly-login-gift', title: 'x', target: toPersonas(a) }, '/template'],
      [{ template: 'no-such-template', target: toPersonas(a) }, '/template'],
      [{ title: 'x', target: { type: 'personas', personaIds: [a.personaId, 'not-a-persona'] } }, '/target/personaIds/1'],
      [{ title: 'x', target: { type: 'personas' } }, '/target/personaIds'],
      [{ title: 'x', target: { type: 'tag' } }, '/target/tagId'],
      [{ title: 'x', target: { type: 'guild' } }, '/target/type'],
      [{ title: 'x', attachments: [{ resource: coin, amount: 0 }], target: toPersonas(a) }, '/attachments/0/amount'],
    ];
    for (const [body, field] of cases) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
    expect(await messageCount()).toBe(before);
    expect((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM passport_inbox_records')).rows[0].n).toBe(records);
  });
});

describe('a message moves Unread → Unconsumed → Completed', () => {
  it('reads then claims a message with attachments, granting them once', async () => {
    const p = await newPlayer(h);
    ok(await send({ title: 'Coins', attachments: [{ resource: coin, amount: 30 }], target: toPersonas(p) }), 201);
    const [m] = (await inboxOf(p)).messages;
    expect(refusal(await p.call('POST', `${B}/sdk/inbox/${m.id}/claim`))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(ok<Message>(await p.call('POST', `${B}/sdk/inbox/${m.id}/read`)).status).toBe('Unconsumed');
    expect(refusal(await p.call('POST', `${B}/sdk/inbox/${m.id}/read`))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    const claimed = ok<{ message: Message; granted: unknown[] }>(await p.call('POST', `${B}/sdk/inbox/${m.id}/claim`));
    expect(claimed.message.status).toBe('Completed');
    expect(await holdings(h, p.personaId)).toEqual({ [coin]: '30' });
    expect(refusal(await p.call('POST', `${B}/sdk/inbox/${m.id}/claim`))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(refusal(await p.call('POST', `${B}/sdk/inbox/${m.id}/read`))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(await holdings(h, p.personaId)).toEqual({ [coin]: '30' });
  });

  it('completes a message without attachments when it is read', async () => {
    const p = await newPlayer(h);
    ok(await send({ title: 'News', content: 'Just words', target: toPersonas(p) }), 201);
    const [m] = (await inboxOf(p)).messages;
    expect(ok<Message>(await p.call('POST', `${B}/sdk/inbox/${m.id}/read`)).status).toBe('Completed');
    expect(refusal(await p.call('POST', `${B}/sdk/inbox/${m.id}/claim`)).status).toBe(409);
  });

  it('keeps a claim whose grant fails unconsumed, with nothing granted', async () => {
    const p = await newPlayer(h);
    ok(await send({ title: 'Broken gift', attachments: [{ resource: coin, amount: 1 }, { resource: 'no-such-resource', amount: 1 }], target: toPersonas(p) }), 201);
    const [m] = (await inboxOf(p)).messages;
    ok(await p.call('POST', `${B}/sdk/inbox/${m.id}/read`));
    expect((await p.call('POST', `${B}/sdk/inbox/${m.id}/claim`)).statusCode).toBe(409);
    expect((await inboxOf(p)).messages[0].status).toBe('Unconsumed');
    expect(await holdings(h, p.personaId)).toEqual({});
  });

  it("keeps a player out of another persona's messages, and asks for a persona first", async () => {
    const [owner, other] = [await newPlayer(h), await newPlayer(h)];
    ok(await send({ title: 'Private', attachments: [{ resource: coin, amount: 9 }], target: toPersonas(owner) }), 201);
    const [m] = (await inboxOf(owner)).messages;
    expect((await other.call('POST', `${B}/sdk/inbox/${m.id}/read`)).statusCode).toBe(404);
    ok(await owner.call('POST', `${B}/sdk/inbox/${m.id}/read`));
    expect((await other.call('POST', `${B}/sdk/inbox/${m.id}/claim`)).statusCode).toBe(404);
    expect((await inboxOf(other)).messages.map((x) => x.id)).not.toContain(m.id);
    expect((await inboxOf(owner)).messages[0].status).toBe('Unconsumed');
    expect(await holdings(h, other.personaId)).toEqual({});

    const noPersona = await newPlayer(h, { select: false });
    expect(refusal(await noPersona.call('GET', `${B}/sdk/inbox`))).toEqual({ status: 409, code: 'PERSONA_NOT_SELECTED' });
    expect((await h.req({ method: 'GET', url: `${B}/sdk/inbox` })).statusCode).toBe(401);
  });
});

describe('inbox capacity (spec 002 §9: 500 per persona)', () => {
  const fill = async (p: TestPlayer, n: number, status: string) => {
    await h.db.query(
      `INSERT INTO passport_inbox_messages (id, app_id, record_id, persona_id, title, status, created_at)
       SELECT gen_random_uuid()::text, $1, 'filler', $2, 'old ' || i, $3, now() - make_interval(days => 1000 - i) FROM generate_series(1, $4) AS i`,
      [h.appId, p.personaId, status, n],
    );
  };

  it('makes room by removing the oldest Completed messages', async () => {
    const p = await newPlayer(h);
    await fill(p, 3, 'Completed');
    await fill(p, INBOX_CAPACITY - 3, 'Unread');
    const record = ok<SendRecord>(await send({ title: 'Newest', target: toPersonas(p) }), 201);
    expect(record).toMatchObject({ delivered: 1, refused: [] });
    const left = await h.db.query<{ title: string }>("SELECT title FROM passport_inbox_messages WHERE persona_id = $1 AND status = 'Completed' ORDER BY created_at", [p.personaId]);
    // The oldest of the three Completed fillers ('old 1') made room; the count stays at the capacity.
    expect(left.rows.map((r) => r.title)).toEqual(['old 2', 'old 3']);
    expect((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM passport_inbox_messages WHERE persona_id = $1', [p.personaId])).rows[0].n).toBe(INBOX_CAPACITY);
  });

  it('refuses and reports a persona whose inbox is full of unfinished messages, delivering to the others', async () => {
    const [full, free] = [await newPlayer(h), await newPlayer(h)];
    await fill(full, INBOX_CAPACITY, 'Unconsumed');
    const record = ok<SendRecord>(await send({ title: 'Event', target: toPersonas(full, free) }), 201);
    expect(record.delivered).toBe(1);
    expect(record.refused).toEqual([{ personaId: full.personaId, reason: 'inbox full' }]);
    expect((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM passport_inbox_messages WHERE persona_id = $1', [full.personaId])).rows[0].n).toBe(INBOX_CAPACITY);
    expect((await inboxOf(free)).messages.map((m) => m.title)).toEqual(['Event']);
  });

  it('never overfills an inbox when sends race', async () => {
    const p = await newPlayer(h);
    await fill(p, INBOX_CAPACITY - 2, 'Unread');
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => send({ title: `Race ${i}`, target: toPersonas(p) })));
    const records = answers.map((r) => ok<SendRecord>(r, 201));
    expect(records.reduce((n, r) => n + r.delivered, 0)).toBe(2);
    expect((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM passport_inbox_messages WHERE persona_id = $1', [p.personaId])).rows[0].n).toBe(INBOX_CAPACITY);
  });
});

describe('records and recall', () => {
  it('recalls the copies not yet completed and keeps the completed ones; a second recall is refused', async () => {
    const [unread, unconsumed, completed] = [await newPlayer(h), await newPlayer(h), await newPlayer(h)];
    const record = ok<SendRecord>(await send({ title: 'Oops', attachments: [{ resource: coin, amount: 2 }], target: toPersonas(unread, unconsumed, completed) }), 201);
    const idOf = async (p: TestPlayer) => (await inboxOf(p)).messages[0].id;
    ok(await unconsumed.call('POST', `${B}/sdk/inbox/${await idOf(unconsumed)}/read`));
    const done = await idOf(completed);
    ok(await completed.call('POST', `${B}/sdk/inbox/${done}/read`));
    ok(await completed.call('POST', `${B}/sdk/inbox/${done}/claim`));

    const recalled = ok<SendRecord>(await h.svc('POST', `${B}/inbox/records/${record.id}/recall`));
    expect(recalled).toMatchObject({ status: 'Recalled', recalled: 2 });
    expect((await inboxOf(unread)).total).toBe(0);
    expect((await inboxOf(unconsumed)).total).toBe(0);
    expect((await inboxOf(completed)).messages.map((m) => m.status)).toEqual(['Completed']);
    expect(refusal(await h.svc('POST', `${B}/inbox/records/${record.id}/recall`))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(await historyCount(h, 'passport.inbox.recall', record.id)).toBe(1);

    const listed = ok<{ records: SendRecord[] }>(await h.svc('GET', `${B}/inbox/records?status=Recalled`));
    expect(listed.records.map((r) => r.id)).toContain(record.id);
    const copies = ok<{ total: number; messages: Message[] }>(await h.svc('GET', `${B}/inbox/messages?recordId=${record.id}`));
    expect(copies.messages.map((m) => m.personaId)).toEqual([completed.personaId]);
  });

  it("keeps another organisation's app out of this app's records and messages", async () => {
    const p = await newPlayer(h);
    const record = ok<SendRecord>(await send({ title: 'Ours', target: toPersonas(p) }), 201);
    expect((await asOther(h, 'POST', `${B}/inbox/records/${record.id}/recall`)).statusCode).toBe(404);
    expect(ok<{ records: SendRecord[] }>(await asOther(h, 'GET', `${B}/inbox/records`)).records.map((r) => r.id)).not.toContain(record.id);
    expect(ok<{ total: number }>(await asOther(h, 'GET', `${B}/inbox/messages?personaId=${p.personaId}`)).total).toBe(0);
    // Naming this app's persona from the other app finds no such persona there.
    expect((await asOther(h, 'POST', `${B}/inbox/messages`, { title: 'x', target: toPersonas(p) })).statusCode).toBe(400);
    expect((await inboxOf(p)).messages.map((m) => m.title)).toEqual(['Ours']);

    // A player of the other app cannot touch this app's messages either.
    const stranger = await newPlayer(h, { appId: h.otherAppId });
    const [m] = (await inboxOf(p)).messages;
    expect((await stranger.call('POST', `${B}/sdk/inbox/${m.id}/read`)).statusCode).toBe(404);
    expect((await inboxOf(p)).messages[0].status).toBe('Unread');
  });
});
