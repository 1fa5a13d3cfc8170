import Decimal from 'decimal.js';
import { services } from '../../../resources';
import {
  AMOUNT_PATTERN,
  MAX_TOKENS_PER_CALL,
  MAX_TRIAL_DAYS,
  TOKEN_KINDS,
  TOKEN_NOTE_MAX,
  TOKEN_STATUSES,
  type GenerateTokensBody,
  type ServiceTokenItem,
} from '../../../resources/org-api';
import type { Ctx } from '../../context';
import { paramsSchema, type Api } from '../../engine/api';
import { badRequest, type FieldError } from '../../engine/errors';
import { recordOperation } from '../../audit';
import { adminActor, requireAdmin } from './access';
import { err, optionalLine, orgErrors, serviceTokenSchema } from './schemas';
import { deleteToken, issueTokens, listTokens, regenerateToken, type TokenFilter, type TokenSpec } from './service-tokens';
import { listSchema, pagingProperties } from './sql';

/** The operation history keeps which token changed, not the codes themselves (only their last group). */
const forHistory = (t: ServiceTokenItem) => ({ ...t, Token: t.Token.replace(/[^-](?=.*-)/g, '•') });

const generateBody = () => ({
  type: 'object',
  additionalProperties: false,
  required: ['Kind'],
  properties: {
    Kind: { type: 'string', enum: [...TOKEN_KINDS] },
    Amount: { type: 'string', maxLength: 19, pattern: AMOUNT_PATTERN, description: 'credit: the amount, > 0, at most 2 decimals' },
    Service: { type: 'string', enum: services.map((s) => s.name), description: 'trial: the service the trial enables' },
    TrialDays: { type: 'integer', minimum: 1, maximum: MAX_TRIAL_DAYS },
    Note: optionalLine(TOKEN_NOTE_MAX),
    Count: { type: 'integer', minimum: 1, maximum: MAX_TOKENS_PER_CALL, default: 1 },
  },
  allOf: [
    { if: { required: ['Kind'], properties: { Kind: { const: 'credit' } } }, then: { required: ['Amount'] } },
    { if: { required: ['Kind'], properties: { Kind: { const: 'trial' } } }, then: { required: ['Service', 'TrialDays'] } },
  ],
});

/** What the schema cannot say: a credit is more than zero, and each kind takes only its own fields. */
function tokenSpec(body: GenerateTokensBody): TokenSpec {
  const issues: FieldError[] = [];
  const foreign = body.Kind === 'credit' ? (['Service', 'TrialDays'] as const) : (['Amount'] as const);
  for (const field of foreign) if (body[field] !== undefined) issues.push({ field: `/${field}`, message: 'not allowed for this kind' });
  if (body.Kind === 'credit' && !new Decimal(body.Amount!).gt(0)) issues.push({ field: '/Amount', message: 'must be greater than 0' });
  if (issues.length) throw badRequest(issues);
  return body.Kind === 'credit'
    ? { kind: 'credit', amount: new Decimal(body.Amount!).toFixed(2), service: null, trialDays: null, note: body.Note?.trim() ?? '' }
    : { kind: 'trial', amount: null, service: body.Service!, trialDays: body.TrialDays!, note: body.Note?.trim() ?? '' };
}

export function mountServiceTokenRoutes(api: Api, ctx: Ctx): void {
  const tokenParams = paramsSchema('id');

  api.route({
    method: 'GET',
    url: '/api/service-token',
    summary: 'Service tokens: redeemable credit and trial codes (administrators)',
    tag: 'service tokens',
    auth: 'admin',
    querystring: { type: 'object', additionalProperties: false, properties: { ...pagingProperties, status: { type: 'string', enum: [...TOKEN_STATUSES] } } },
    responses: { 200: { description: 'tokens, newest first', schema: listSchema(serviceTokenSchema) }, 400: err('bad input'), ...orgErrors },
    handler: async (req) => {
      await requireAdmin(ctx, req);
      return listTokens(ctx.db, req.query as TokenFilter);
    },
  });

  api.route({
    method: 'POST',
    url: '/api/service-token',
    summary: 'Generates service tokens: a credit of an amount, or a trial of a service for some days (administrators)',
    tag: 'service tokens',
    auth: 'admin',
    body: generateBody(),
    responses: {
      201: { description: 'the new tokens', schema: { type: 'object', required: ['Items'], properties: { Items: { type: 'array', items: serviceTokenSchema } } } },
      400: err('bad input'),
      ...orgErrors,
    },
    handler: async (req, reply) => {
      const admin = await requireAdmin(ctx, req);
      const body = req.body as GenerateTokensBody;
      const items = await issueTokens(ctx.db, tokenSpec(body), body.Count ?? 1, admin.email);
      for (const t of items) await recordOperation(ctx.db, { actor: adminActor(admin), action: 'service-token.generate', target: t.Id, after: forHistory(t) });
      reply.code(201);
      return { Items: items };
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/service-token/:id',
    summary: 'Gives an unused token a new code; the old code stops working (administrators)',
    tag: 'service tokens',
    auth: 'admin',
    params: tokenParams,
    responses: {
      200: { description: 'the token with its new code', schema: serviceTokenSchema },
      ...orgErrors,
      404: err('no such token'),
      409: err("the token was redeemed: 'token has been fulfilled'"),
    },
    handler: async (req) => {
      const admin = await requireAdmin(ctx, req);
      const id = (req.params as { id: string }).id;
      const { before, after } = await regenerateToken(ctx.db, id);
      await recordOperation(ctx.db, { actor: adminActor(admin), action: 'service-token.regenerate', target: id, before: forHistory(before), after: forHistory(after) });
      return after;
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/service-token/:id',
    summary: 'Deletes an unused token; a redeemed one stays as the record of the grant (administrators)',
    tag: 'service tokens',
    auth: 'admin',
    params: tokenParams,
    responses: { 204: { description: 'deleted' }, ...orgErrors, 404: err('no such token'), 409: err("the token was redeemed: 'token has been fulfilled'") },
    handler: async (req, reply) => {
      const admin = await requireAdmin(ctx, req);
      const id = (req.params as { id: string }).id;
      const before = await deleteToken(ctx.db, id);
      await recordOperation(ctx.db, { actor: adminActor(admin), action: 'service-token.delete', target: id, before: forHistory(before) });
      reply.code(204);
    },
  });
}
