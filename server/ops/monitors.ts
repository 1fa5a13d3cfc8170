import { randomUUID } from 'node:crypto';
import type { JsonSchema } from '../../resources/types';
import type { ChatGroupMonitor } from '../../resources/ops-api';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { idParam, paramsSchema, type Api } from '../engine/api';
import { badRequest, notFound } from '../engine/errors';
import { recordOperation } from '../audit';
import { adminActor, requireAdmin } from './access';
import { failures, listOf, notFoundResponse, paging, text } from './schemas';

const monitorBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Name', 'WebhookUrl'],
  properties: {
    Name: text(100),
    WebhookUrl: { type: 'string', format: 'uri', maxLength: 2000, pattern: '^https?://' },
    AppId: idParam,
  },
};

const monitorSchema: JsonSchema = {
  type: 'object',
  properties: {
    Id: { type: 'string' },
    Name: { type: 'string' },
    WebhookUrl: { type: 'string' },
    AppId: { type: ['string', 'null'], description: 'null: every app' },
    AppName: { type: ['string', 'null'] },
    CreatedBy: { type: 'string' },
    CreatedAt: { type: 'string', format: 'date-time' },
  },
};

interface MonitorRow {
  id: string;
  name: string;
  webhook_url: string;
  app_id: string | null;
  app_name: string | null;
  created_by: string;
  created_at: Date | string;
}

const toMonitor = (r: MonitorRow): ChatGroupMonitor => ({
  Id: r.id,
  Name: r.name,
  WebhookUrl: r.webhook_url,
  AppId: r.app_id,
  AppName: r.app_name,
  CreatedBy: r.created_by,
  CreatedAt: new Date(r.created_at).toISOString(),
});

const SELECT = `SELECT m.id, m.name, m.webhook_url, m.app_id, a.project_name AS app_name, m.created_by, m.created_at
  FROM chat_group_monitors m LEFT JOIN apps a ON a.app_id = m.app_id`;

/** Webhook addresses often carry a token: the history (which app members read) keeps only their origin. */
const forHistory = (m: ChatGroupMonitor) => ({ ...m, WebhookUrl: `${new URL(m.WebhookUrl).origin}/…` });

async function findMonitor(db: Queryable, id: string): Promise<ChatGroupMonitor | undefined> {
  const res = await db.query<MonitorRow>(`${SELECT} WHERE m.id = $1`, [id]);
  return res.rows[0] ? toMonitor(res.rows[0]) : undefined;
}

/** Chat-group monitors: webhooks (administrators manage them) that receive the alerts services report. */
export function mountMonitors(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/chat-group-monitors',
    summary: 'Chat-group monitors: webhooks receiving the alert bodies of one app or of all apps (administrators)',
    tag: 'operations',
    auth: 'admin',
    querystring: { type: 'object', additionalProperties: false, properties: { ...paging, appId: idParam } },
    responses: { 200: { description: 'monitors, newest first', schema: listOf(monitorSchema) }, ...failures },
    handler: async (req) => {
      await requireAdmin(ctx, req);
      const q = req.query as { count: number; start: number; appId?: string };
      const where = q.appId ? 'WHERE m.app_id = $1 OR m.app_id IS NULL' : '';
      const params = q.appId ? [q.appId] : [];
      const total = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chat_group_monitors m ${where}`, params);
      const rows = await ctx.db.query<MonitorRow>(
        `${SELECT} ${where} ORDER BY m.created_at DESC, m.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.count, q.start],
      );
      return { TotalCount: Number(total.rows[0].n), Items: rows.rows.map(toMonitor) };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/chat-group-monitors',
    summary: 'Add a chat-group monitor (administrators); without AppId it receives every app',
    tag: 'operations',
    auth: 'admin',
    body: monitorBody,
    responses: { 201: { description: 'the monitor', schema: monitorSchema }, ...failures },
    handler: async (req, reply) => {
      const admin = await requireAdmin(ctx, req);
      const input = req.body as { Name: string; WebhookUrl: string; AppId?: string };
      if (input.AppId && !(await ctx.apps.get(input.AppId))) throw badRequest([{ field: '/AppId', message: 'no such app' }]);
      const id = randomUUID();
      const monitor = await ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO chat_group_monitors (id, name, webhook_url, app_id, created_by) VALUES ($1, $2, $3, $4, $5)', [
          id,
          input.Name,
          input.WebhookUrl,
          input.AppId ?? null,
          admin.email,
        ]);
        const created = (await findMonitor(tx, id))!;
        await recordOperation(tx, { actor: adminActor(admin), appId: input.AppId, action: 'monitor.create', target: id, after: forHistory(created) });
        return created;
      });
      reply.code(201);
      return monitor;
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/chat-group-monitors/:id',
    summary: 'Remove a chat-group monitor (administrators)',
    tag: 'operations',
    auth: 'admin',
    params: paramsSchema('id'),
    responses: { 204: { description: 'removed' }, ...failures, 404: notFoundResponse },
    handler: async (req, reply) => {
      const admin = await requireAdmin(ctx, req);
      const { id } = req.params as { id: string };
      await ctx.db.transaction(async (tx) => {
        const before = await findMonitor(tx, id);
        if (!before) throw notFound();
        await tx.query('DELETE FROM chat_group_monitors WHERE id = $1', [id]);
        await recordOperation(tx, { actor: adminActor(admin), appId: before.AppId ?? undefined, action: 'monitor.delete', target: id, before: forHistory(before) });
      });
      reply.code(204);
    },
  });
}
