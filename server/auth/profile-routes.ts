import type { FastifyRequest } from 'fastify';
import type { AcceptPolicyRequest, RealNameAnswer, RealNameRequest, RealNameStatus, SignInAnswer } from '../../resources/account-api';
import { checkIdNumber, maskIdNumber } from '../../resources/real-name';
import type { JsonSchema } from '../../resources/types';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import { errorSchema, type Api } from '../engine/api';
import { badRequest, conflict, unauthorized } from '../engine/errors';
import { findAccountById, setProperties } from './account-store';
import { identitySchema, toIdentity } from './identity';
import { sessionAccount } from './principal';
import type { Account } from './sessions';

const acceptBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version'],
  properties: { version: { type: 'string', minLength: 1, maxLength: 40 } },
};

const realNameBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'idNumber'],
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 30, pattern: '^\\S(.*\\S)?$' },
    idNumber: { type: 'string', minLength: 1, maxLength: 40 },
  },
};

async function signedInUser(ctx: Ctx, req: FastifyRequest): Promise<Account> {
  const user = await sessionAccount(ctx.db, req, 'user');
  if (!user) throw unauthorized('login expired');
  return user;
}

/** The signed-in user's own settings: the terms of use they accepted and their real-name verification. */
export function mountProfile(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/auth/accept-policy',
    summary: 'Accept the current terms-of-use version',
    tag: 'auth',
    auth: 'session',
    body: acceptBody,
    responses: {
      200: { description: 'accepted', schema: { type: 'object', properties: { user: identitySchema } } },
      400: { description: 'not the current version (on /version)', schema: errorSchema },
      401: { description: 'not signed in', schema: errorSchema },
    },
    handler: async (req): Promise<SignInAnswer> => {
      const user = await signedInUser(ctx, req);
      const { version } = req.body as AcceptPolicyRequest;
      if (version !== ctx.config.policyVersion) throw badRequest([{ field: '/version', message: 'not the current policy version' }]);
      const before = typeof user.properties.policyVersion === 'string' ? user.properties.policyVersion : '';
      await setProperties(ctx.db, user.id, { policyVersion: version });
      await recordOperation(ctx.db, { actor: `user:${user.email}`, action: 'account.policy.accept', target: user.id, before: { policyVersion: before }, after: { policyVersion: version } });
      return { user: toIdentity((await findAccountById(ctx.db, user.id))!, ctx.config) };
    },
  });

  api.route({
    method: 'POST',
    url: '/auth/real-name-verify',
    summary: 'Verify the signed-in user by name and mainland resident identity number',
    tag: 'auth',
    auth: 'session',
    body: realNameBody,
    responses: {
      200: { description: 'verified', schema: { type: 'object', properties: { user: identitySchema, RealName: { type: 'string' }, IdNumber: { type: 'string' } } } },
      400: { description: 'bad input; an invalid number is refused on /idNumber', schema: errorSchema },
      401: { description: 'not signed in', schema: errorSchema },
      409: { description: 'already verified', schema: errorSchema },
    },
    handler: async (req): Promise<RealNameAnswer> => {
      const user = await signedInUser(ctx, req);
      const body = req.body as RealNameRequest;
      const checked = checkIdNumber(body.idNumber);
      if (!checked.ok) throw badRequest([{ field: '/idNumber', message: 'invalid id number' }], 'invalid id number');
      if (user.properties.isRealNameVerified === 'true') throw conflict('INVALID_TRANSITION', 'already verified');
      const masked = maskIdNumber(checked.number);
      const name = body.name.trim();
      await ctx.db.transaction(async (tx) => {
        await tx.query('UPDATE accounts SET real_name = $2, id_number_masked = $3, real_name_verified_at = now() WHERE id = $1', [user.id, name, masked]);
        await setProperties(tx, user.id, { isRealNameVerified: 'true' });
        await recordOperation(tx, { actor: `user:${user.email}`, action: 'account.real-name.verify', target: user.id, before: { isRealNameVerified: 'false' }, after: { isRealNameVerified: 'true', idNumber: masked } });
      });
      return { user: toIdentity((await findAccountById(ctx.db, user.id))!, ctx.config), RealName: name, IdNumber: masked };
    },
  });

  api.route({
    method: 'GET',
    url: '/auth/real-name-verify',
    summary: "The signed-in user's real-name verification: whether done, the name and the masked number",
    tag: 'auth',
    auth: 'session',
    responses: {
      200: {
        description: 'the verification state',
        schema: {
          type: 'object',
          properties: { Verified: { type: 'boolean' }, RealName: { type: 'string' }, IdNumber: { type: 'string' }, VerifiedAt: { type: ['string', 'null'] } },
        },
      },
      401: { description: 'not signed in', schema: errorSchema },
    },
    handler: async (req): Promise<RealNameStatus> => {
      const user = await signedInUser(ctx, req);
      const res = await ctx.db.query<{ real_name: string | null; id_number_masked: string | null; real_name_verified_at: Date | null }>(
        'SELECT real_name, id_number_masked, real_name_verified_at FROM accounts WHERE id = $1',
        [user.id],
      );
      const row = res.rows[0];
      return {
        Verified: user.properties.isRealNameVerified === 'true',
        RealName: row?.real_name ?? '',
        IdNumber: row?.id_number_masked ?? '',
        VerifiedAt: row?.real_name_verified_at ? new Date(row.real_name_verified_at).toISOString() : null,
      };
    },
  });
}
