import type { FastifyRequest } from 'fastify';
import { NAME_MAX, USER_STATUSES, type ClearLoginStateAnswer, type UserRecord, type UserUpdate } from '../../resources/account-api';
import type { JsonSchema } from '../../resources/types';
import { recordOperation } from '../audit';
import { requireAdmin } from './callers';
import type { Ctx } from '../context';
import { errorSchema, paramsSchema, type Api } from '../engine/api';
import { conflict, notFound } from '../engine/errors';
import { endSessionsOf, type SessionKind } from './sessions';
import { getUser, listUsers, type UserQuery } from './users-store';

const str = { type: 'string' };
const bool = { type: 'boolean' };
const userSchema: JsonSchema = {
  type: 'object',
  properties: {
    Id: str,
    Email: str,
    Name: str,
    Status: { type: 'string', enum: USER_STATUSES },
    IsAdmin: bool,
    IsFinanceAdmin: bool,
    IsRealName: bool,
    CreatedAt: str,
    LastLoginAt: { type: ['string', 'null'] },
    Organizations: { type: 'array', items: { type: 'object', properties: { Id: str, Name: str, Role: str } } },
  },
};

const updateBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    Name: { type: 'string', minLength: 1, maxLength: NAME_MAX, pattern: '\\S' },
    Status: { type: 'string', enum: USER_STATUSES },
    IsAdmin: bool,
    IsFinanceAdmin: bool,
  },
};

const denied = {
  401: { description: 'no administrator session', schema: errorSchema },
  403: { description: 'signed in, but not as an administrator', schema: errorSchema },
};


const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

async function existingUser(ctx: Ctx, id: string): Promise<UserRecord> {
  const user = await getUser(ctx.db, id);
  if (!user) throw notFound();
  return user;
}

/** Which sessions an update ends: all when suspended, the administrator kinds when their role is taken away. */
function sessionsToEnd(before: UserRecord, change: UserUpdate): SessionKind[] {
  if (change.Status === 'suspended') return ['user', 'admin', 'finance-admin'];
  const kinds: SessionKind[] = [];
  if (before.IsAdmin && change.IsAdmin === false) kinds.push('admin');
  if (before.IsFinanceAdmin && change.IsFinanceAdmin === false) kinds.push('finance-admin');
  return kinds;
}

/** Administrators' user management (spec 000 §7 "Users"). */
export function mountUsers(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/users',
    summary: 'Users with their organisations, newest first (administrators)',
    tag: 'users',
    auth: 'admin',
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        q: { type: 'string', maxLength: 200 },
        status: { type: 'string', enum: USER_STATUSES },
        count: { type: 'integer', minimum: 1, maximum: 9999, default: 20 },
        start: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
      },
    },
    responses: {
      200: { description: 'a page of users', schema: { type: 'object', properties: { TotalCount: { type: 'integer' }, Items: { type: 'array', items: userSchema } } } },
      400: { description: 'bad input', schema: errorSchema },
      ...denied,
    },
    handler: async (req) => {
      await requireAdmin(ctx, req);
      return listUsers(ctx.db, req.query as UserQuery);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/users/:id',
    summary: 'One user with their organisations (administrators)',
    tag: 'users',
    auth: 'admin',
    params: paramsSchema('id'),
    responses: { 200: { description: 'the user', schema: userSchema }, 404: { description: 'no such user', schema: errorSchema }, ...denied },
    handler: async (req) => {
      await requireAdmin(ctx, req);
      return existingUser(ctx, idOf(req));
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/users/:id',
    summary: "Change a user's name, status or administrator flags; suspending ends every session at once (administrators)",
    tag: 'users',
    auth: 'admin',
    params: paramsSchema('id'),
    body: updateBody,
    responses: {
      200: { description: 'the updated user', schema: userSchema },
      400: { description: 'bad input', schema: errorSchema },
      404: { description: 'no such user', schema: errorSchema },
      409: { description: 'an administrator may not suspend or demote themselves', schema: errorSchema },
      ...denied,
    },
    handler: async (req) => {
      const admin = await requireAdmin(ctx, req);
      const id = idOf(req);
      const change = req.body as UserUpdate;
      const before = await existingUser(ctx, id);
      if (id === admin.id && (change.Status === 'suspended' || change.IsAdmin === false)) {
        throw conflict('INVALID_TRANSITION', 'administrators cannot suspend or demote themselves');
      }
      return ctx.db.transaction(async (tx) => {
        await tx.query(
          `UPDATE accounts SET name = COALESCE($2, name), status = COALESCE($3, status), is_admin = COALESCE($4, is_admin),
             is_finance_admin = COALESCE($5, is_finance_admin) WHERE id = $1`,
          [id, change.Name?.trim() ?? null, change.Status ?? null, change.IsAdmin ?? null, change.IsFinanceAdmin ?? null],
        );
        const kinds = sessionsToEnd(before, change);
        const endedSessions = kinds.length ? await endSessionsOf(tx, id, kinds) : 0;
        const after = (await getUser(tx, id))!;
        const pick = ({ Name, Status, IsAdmin, IsFinanceAdmin }: UserRecord) => ({ Name, Status, IsAdmin, IsFinanceAdmin });
        await recordOperation(tx, { actor: `admin:${admin.email}`, action: 'user.update', target: id, before: pick(before), after: { ...pick(after), endedSessions } });
        return after;
      });
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/users/:id/clear-login-state',
    summary: 'End every session of a user at once (administrators)',
    tag: 'users',
    auth: 'admin',
    params: paramsSchema('id'),
    responses: {
      200: { description: 'how many sessions ended', schema: { type: 'object', properties: { Ended: { type: 'integer' } } } },
      404: { description: 'no such user', schema: errorSchema },
      ...denied,
    },
    handler: async (req): Promise<ClearLoginStateAnswer> => {
      const admin = await requireAdmin(ctx, req);
      const user = await existingUser(ctx, idOf(req));
      const ended = await endSessionsOf(ctx.db, user.Id);
      await recordOperation(ctx.db, { actor: `admin:${admin.email}`, action: 'user.clear-login-state', target: user.Id, after: { endedSessions: ended } });
      return { Ended: ended };
    },
  });
}
