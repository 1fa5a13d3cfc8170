import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../resources/types';
import { DAY_RANGES, type AlertBody, type OperationHistoryQuery } from '../../resources/ops-api';
import type { Ctx } from '../context';
import { idParam, type Api } from '../engine/api';
import { badRequest, forbidden } from '../engine/errors';
import { servicePrincipal } from '../auth/principal';
import { callerOf, isAppMember } from './access';
import { deliverAlert } from './alerts';
import { dailyCounts, dayRange, shanghaiDay } from './daily';
import { findHistory, historyConditions, insertServiceOperation, type HistoryFilter } from './history-query';
import { dailySeriesSchema, dateTime, failures, listOf, paging, text } from './schemas';
import { ORG_MEMBERS } from '../engine/access';

const filterProperties = {
  AppId: idParam,
  OrgId: idParam,
  Action: text(100),
  Actor: text(300),
  From: dateTime,
  To: dateTime,
} as const;

const historyBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...filterProperties, ...paging, count: { ...paging.count, maximum: 200 } },
};

const dailyBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    AppId: idParam,
    OrgId: idParam,
    Action: filterProperties.Action,
    Actor: filterProperties.Actor,
    days: { type: 'integer', enum: [...DAY_RANGES], default: 30 },
    end: { type: 'string', format: 'date', maxLength: 10 },
  },
};

const alertBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['serviceName', 'appId', 'operation'],
  properties: {
    serviceName: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' },
    appId: idParam,
    appName: text(200, 0),
    operation: text(100),
    title: text(500, 0),
    template: text(5000, 0),
    userName: text(254, 0),
  },
};

const entrySchema: JsonSchema = {
  type: 'object',
  properties: {
    Id: { type: 'string' },
    At: { type: 'string', format: 'date-time' },
    Actor: { type: 'string' },
    AppId: { type: ['string', 'null'] },
    AppName: { type: ['string', 'null'] },
    Action: { type: 'string' },
    Target: { type: 'string' },
    Before: {},
    After: {},
    Service: { type: ['string', 'null'] },
    Title: { type: ['string', 'null'] },
    Template: { type: ['string', 'null'] },
    UserName: { type: ['string', 'null'] },
  },
};

function checkRange(f: HistoryFilter): void {
  if (f.From && f.To && Date.parse(f.From) > Date.parse(f.To)) throw badRequest([{ field: '/From', message: 'must not be after end' }]);
}

/** Administrators read everything; a member reads one app of an organisation they belong to. */
async function authorise(ctx: Ctx, req: FastifyRequest, f: HistoryFilter): Promise<void> {
  const { user, admin } = await callerOf(ctx, req);
  if (admin) return;
  if (!f.AppId) throw badRequest([{ field: '/AppId', message: "must have required property 'AppId'" }]);
  if (!user || !(await isAppMember(ctx.db, user.id, f.AppId))) throw forbidden();
}

export function mountHistory(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/api/operation/history',
    summary: "Operation history: an app's for members of its organisation, everything for administrators",
    tag: 'operations',
    auth: 'session',
    access: [...ORG_MEMBERS, 'admin'],
    body: historyBody,
    responses: { 200: { description: 'a page of entries, newest first', schema: listOf(entrySchema) }, ...failures },
    handler: async (req) => {
      const { count, start, ...filter } = req.body as OperationHistoryQuery & { count: number; start: number };
      checkRange(filter);
      await authorise(ctx, req, filter);
      return findHistory(ctx.db, filter, count, start);
    },
  });

  api.route({
    method: 'POST',
    url: '/api/operation/daily',
    summary: 'Operations per Asia/Shanghai day, with the same filters and access as the history',
    tag: 'operations',
    auth: 'session',
    access: [...ORG_MEMBERS, 'admin'],
    body: dailyBody,
    responses: { 200: { description: 'one entry per day, zero-filled; Total: operations in the range', schema: dailySeriesSchema }, ...failures },
    handler: async (req) => {
      const { days, end, ...filter } = req.body as HistoryFilter & { days: number; end?: string };
      await authorise(ctx, req, filter);
      // The source's own parameters start at $5 (dailyCounts binds $1-$4).
      const params: unknown[] = [null, null, null, null];
      const conds = historyConditions(filter, params);
      const source = `SELECT ${shanghaiDay('l.at')} AS day, l.id AS k FROM audit_log l
        WHERE l.at >= $1 AND l.at < $2${conds.map((c) => ` AND ${c}`).join('')}`;
      return dailyCounts(ctx.db, dayRange(days, end), source, params.slice(4));
    },
  });

  api.route({
    method: 'POST',
    url: '/api/service/operation/history',
    summary: 'A service reports an operation on its app (alert body); chat-group monitors of the app receive it',
    tag: 'operations',
    auth: 'service',
    body: alertBody,
    responses: {
      201: { description: 'stored', schema: { type: 'object', required: ['Id'], properties: { Id: { type: 'string' } } } },
      ...failures,
    },
    handler: async (req, reply) => {
      const principal = await servicePrincipal(ctx.db, ctx.apps, req);
      const body = req.body as AlertBody;
      if (body.appId !== principal.app.AppId) throw forbidden();
      const id = await insertServiceOperation(ctx.db, {
        service: body.serviceName,
        appId: body.appId,
        action: body.operation,
        target: body.title || body.appId,
        title: body.title,
        template: body.template,
        userName: body.userName,
      });
      void deliverAlert(ctx.db, req.log, { ...body, appName: body.appName || principal.app.ProjectName });
      reply.code(201);
      return { Id: id };
    },
  });
}
