import { randomUUID } from 'node:crypto';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { ApiError, badRequest } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { insertRow, lockedRow, rowOf, tablePage, updateRow } from '../../../engine/table-page';
import { findRecord, grantRewards, liveopsAudit, passportModel, refused, type Reward } from './common';

/** The area's tables: the sends, and each persona's copy of one. */
const RECORDS = 'passport_inbox_records';
const MESSAGES = 'passport_inbox_messages';

/** Messages one persona's inbox holds at most (spec 002 §9). */
export const INBOX_CAPACITY = 500;

export type SendTarget = { type: 'personas'; personaIds: string[] } | { type: 'tag'; tagId: string } | { type: 'everyone' };

export type SendInput = {
  /** An inbox template's id or slug; or else the message itself below. */
  template?: string;
  title?: string;
  content?: string;
  attachments?: Reward[];
  target: SendTarget;
};

/** The filters of the lists of sends and of copies. */
export type MessagePage = {
  count: number;
  start: number;
  personaId?: string;
  recordId?: string;
  status?: string;
};

/** What a send delivers: a template's message, or the one given. */
async function messageOf(ctx: Ctx, appId: string, input: SendInput): Promise<{ templateId: string | null; title: string; content: string; attachments: Reward[] }> {
  const given = input.title !== undefined || input.content !== undefined || input.attachments !== undefined;
  if (input.template !== undefined) {
    if (given) throw badRequest([{ field: '/template', message: 'send a template or a message, not both' }]);
    const t = await findRecord(ctx, 'inboxTemplates', appId, input.template).catch((err: unknown) => {
      throw err instanceof ApiError && err.status === 404 ? badRequest([{ field: '/template', message: 'no inbox template with this id or slug' }]) : err;
    });
    return { templateId: String(t.id), title: String(t.title), content: String(t.content ?? ''), attachments: (t.attachments as Reward[]) ?? [] };
  }
  if (input.title === undefined) throw badRequest([{ field: '/title', message: 'required without a template' }]);
  return { templateId: null, title: input.title, content: input.content ?? '', attachments: input.attachments ?? [] };
}

/** The personas a send reaches. Named personas must all be the app's. */
async function targetPersonas(db: Queryable, ctx: Ctx, appId: string, target: SendTarget): Promise<string[]> {
  if (target.type === 'personas') {
    const ids = [...new Set(target.personaIds)];
    const found = await records(db, passportModel(ctx, 'personas')).find(appId, { where: { id: { $in: ids } } });
    const known = new Set(found.map((r) => String(r.id)));
    const unknown = target.personaIds.flatMap((id, i) => (known.has(id) ? [] : [{ field: `/target/personaIds/${i}`, message: 'no persona with this id' }]));
    if (unknown.length) throw badRequest(unknown);
    return ids;
  }
  const found = await records(db, passportModel(ctx, 'personas')).find(appId, { where: target.type === 'tag' ? { tags: { $contains: [target.tagId] } } : {} });
  return found.map((r) => String(r.id));
}

/**
 * Sends a message to personas. Each gets a copy unless their inbox is full: the oldest Completed messages make
 * room, and a persona whose inbox is full of messages still to read or claim is refused and reported. Sends of one
 * app take turns, so two at once cannot overfill an inbox.
 */
export async function sendMessage(ctx: Ctx, appId: string, actor: string, input: SendInput) {
  const message = await messageOf(ctx, appId, input);
  return ctx.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`passport-inbox:${appId}`]);
    const targets = await targetPersonas(tx, ctx, appId, input.target);
    const id = randomUUID();
    // Room first: delete the oldest Completed messages of inboxes that are full.
    await tx.query(
      `WITH counts AS (
         SELECT persona_id, count(*) AS n FROM passport_inbox_messages WHERE app_id = $1 AND persona_id = ANY($2::text[]) GROUP BY persona_id HAVING count(*) >= $3),
       ranked AS (
         SELECT m.id, row_number() OVER (PARTITION BY m.persona_id ORDER BY m.created_at, m.id) AS rn, c.n
         FROM passport_inbox_messages m JOIN counts c ON c.persona_id = m.persona_id
         WHERE m.app_id = $1 AND m.status = 'Completed')
       DELETE FROM passport_inbox_messages WHERE id IN (SELECT id FROM ranked WHERE rn <= n - $3 + 1)`,
      [appId, targets, INBOX_CAPACITY],
    );
    const delivered = await tx.query<{ persona_id: string }>(
      `INSERT INTO passport_inbox_messages (id, app_id, record_id, persona_id, title, content, attachments)
       SELECT gen_random_uuid()::text, $1, $2, t.persona_id, $4, $5, $6
       FROM unnest($3::text[]) AS t(persona_id)
       WHERE (SELECT count(*) FROM passport_inbox_messages m WHERE m.app_id = $1 AND m.persona_id = t.persona_id) < $7
       RETURNING persona_id`,
      [appId, id, targets, message.title, message.content, JSON.stringify(message.attachments), INBOX_CAPACITY],
    );
    const got = new Set(delivered.rows.map((r) => r.persona_id));
    const refusedList = targets.filter((p) => !got.has(p)).map((personaId) => ({ personaId, reason: 'inbox full' }));
    const sent = { id, template_id: message.templateId, title: message.title, content: message.content, attachments: JSON.stringify(message.attachments) };
    const out = await insertRow(tx, RECORDS, appId, { ...sent, target: JSON.stringify(input.target), delivered: got.size, refused: JSON.stringify(refusedList), created_by: actor });
    await liveopsAudit(tx, actor, appId, 'inbox.send', id, undefined, out);
    return out;
  });
}

/** Recalls a send: its copies not yet completed disappear from the inboxes; completed ones stay. */
export async function recallRecord(ctx: Ctx, appId: string, actor: string, id: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockedRow(tx, RECORDS, appId, { id });
    if (before.status !== 'Sent') throw refused('the send was already recalled');
    const removed = await tx.query(`DELETE FROM ${MESSAGES} WHERE app_id = $1 AND record_id = $2 AND status IN ('Unread', 'Unconsumed')`, [appId, id]);
    const after = await updateRow(tx, RECORDS, appId, id, "status = 'Recalled', recalled = $3, recalled_at = now()", [removed.rowCount]);
    await liveopsAudit(tx, actor, appId, 'inbox.recall', id, rowOf(before), after);
    return after;
  });
}

/** A page of one of the inbox tables in an app, newest first, its columns equal to the `where` values given. */
const pageOf = (db: Queryable, table: string, appId: string, where: Record<string, string | undefined>, { count, start }: MessagePage) =>
  tablePage(db, { table, appId, where, orderBy: 'created_at DESC, id DESC', count, start });

export async function listRecords(ctx: Ctx, appId: string, q: MessagePage) {
  const { total, rows } = await pageOf(ctx.db, 'passport_inbox_records', appId, { status: q.status }, q);
  return { total, records: rows };
}

export async function listMessages(ctx: Ctx, appId: string, q: MessagePage) {
  const { total, rows } = await pageOf(ctx.db, 'passport_inbox_messages', appId, { persona_id: q.personaId, record_id: q.recordId, status: q.status }, q);
  const personas = await records(ctx.db, passportModel(ctx, 'personas')).find(appId, { where: { id: { $in: [...new Set(rows.map((r) => String(r.personaId)))] } } });
  const names = new Map(personas.map((p) => [p.id, p.name]));
  return { total, messages: rows.map((r) => ({ ...r, personaName: names.get(r.personaId) ?? null })) };
}

/** A persona's message, or 404 (another persona's message is as good as missing). */
const ownMessage = (tx: Queryable, appId: string, personaId: string, id: string) => lockedRow(tx, MESSAGES, appId, { persona_id: personaId, id });

/** Reads a message: Unread becomes Unconsumed, or Completed when it has nothing to claim. */
export async function readMessage(ctx: Ctx, appId: string, personaId: string, actor: string, id: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await ownMessage(tx, appId, personaId, id);
    if (before.status !== 'Unread') throw refused('the message was already read');
    const after = await updateRow(tx, MESSAGES, appId, id, "read_at = now(), status = CASE WHEN jsonb_array_length(attachments) > 0 THEN 'Unconsumed' ELSE 'Completed' END");
    await liveopsAudit(tx, actor, appId, 'inbox.read', id, rowOf(before), after);
    return after;
  });
}

/** Claims a read message's attachments into the persona's inventory: Unconsumed becomes Completed. */
export async function claimMessage(ctx: Ctx, appId: string, personaId: string, actor: string, id: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await ownMessage(tx, appId, personaId, id);
    if (before.status === 'Unread') throw refused('read the message before claiming its attachments');
    if (before.status !== 'Unconsumed') throw refused('the attachments were already claimed');
    const after = await updateRow(tx, MESSAGES, appId, id, "status = 'Completed', claimed_at = now()");
    await grantRewards(tx, ctx, appId, personaId, before.attachments as Reward[]);
    await liveopsAudit(tx, actor, appId, 'inbox.claim', id, rowOf(before), after);
    return { message: after, granted: before.attachments };
  });
}

