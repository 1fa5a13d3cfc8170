import { CODE_LENGTH, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, type ResetPasswordRequest, type SendCodeRequest, type SignUpRequest } from '../../resources/account-api';
import type { JsonSchema } from '../../resources/types';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import { errorSchema, type Api } from '../engine/api';
import { badRequest, conflict, forbidden } from '../engine/errors';
import { emailTaken, findAccountByEmail, insertAccount } from './account-store';
import { CODE_MINUTES, issueCode, useCode, verifyCode } from './codes';
import { identitySchema } from './identity';
import { hashPassword } from './passwords';
import { endSessionsOf } from './sessions';
import { startSession } from './signin';

const email = { type: 'string', format: 'email', maxLength: 254 };
const password = { type: 'string', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX };
const code = { type: 'string', pattern: `^[0-9]{${CODE_LENGTH}}$`, minLength: CODE_LENGTH, maxLength: CODE_LENGTH };

const sendCodeBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'purpose'],
  properties: { email, purpose: { type: 'string', enum: ['sign-up', 'reset-password'] } },
};

const signUpBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password', 'name', 'code', 'policyVersion'],
  properties: {
    email,
    password,
    name: { type: 'string', minLength: 1, maxLength: NAME_MAX, pattern: '\\S' },
    code,
    policyVersion: { type: 'string', minLength: 1, maxLength: 32, description: 'The terms-of-use version the new user accepts: the current one (base info PolicyInfo.Version)' },
  },
};

const resetBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'code', 'password'],
  properties: { email, code, password },
};

const MAIL: Record<SendCodeRequest['purpose'], { subject: string; intro: string }> = {
  'sign-up': { subject: 'Lodestar 注册验证码 / sign-up code', intro: '你正在注册 Lodestar 账号。/ You are creating a Lodestar account.' },
  'reset-password': { subject: 'Lodestar 重置密码验证码 / password reset code', intro: '你正在重置 Lodestar 账号的密码。/ You are resetting your Lodestar password.' },
};

const signUpClosed = () => forbidden('sign-up is disabled');
const emailRegistered = () => conflict('DUPLICATE', 'email already registered', [{ field: '/email', message: 'email already registered' }]);

/** Sign-up and password reset, both confirmed by a code sent to the e-mail. */
export function mountSignUp(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/auth/send-code',
    summary: 'E-mail a 6-digit code for signing up or resetting the password (valid 10 minutes; one per e-mail per minute)',
    tag: 'auth',
    auth: 'none',
    body: sendCodeBody,
    responses: {
      204: { description: 'sent (for a password reset, also when no account has that e-mail)' },
      400: { description: 'bad input', schema: errorSchema },
      403: { description: 'sign-up is disabled', schema: errorSchema },
      409: { description: 'sign-up: the e-mail already has an account', schema: errorSchema },
      429: { description: 'a code was sent to this e-mail less than a minute ago', schema: errorSchema },
    },
    handler: async (req, reply) => {
      const { email: to, purpose } = req.body as SendCodeRequest;
      if (purpose === 'sign-up' && !ctx.config.signUp) throw signUpClosed();
      const exists = await emailTaken(ctx.db, to);
      if (purpose === 'sign-up' && exists) throw emailRegistered();
      // Stored either way, so an unknown e-mail is throttled exactly like a known one.
      const value = await issueCode(ctx.db, to, purpose);
      await recordOperation(ctx.db, { actor: `user:${to.toLowerCase()}`, action: 'account.code.send', target: to.toLowerCase(), after: { purpose } });
      if (purpose === 'sign-up' || exists) {
        const { subject, intro } = MAIL[purpose];
        await ctx.mail.send({
          to,
          subject,
          text: `${intro}\n\n验证码 / code: ${value}\n\n${CODE_MINUTES} 分钟内有效。/ Valid for ${CODE_MINUTES} minutes.\n如非本人操作，请忽略本邮件。/ If this was not you, ignore this e-mail.`,
        });
      }
      reply.code(204);
      return null;
    },
  });

  api.route({
    method: 'POST',
    url: '/auth/sign-up',
    summary: 'Create an account with the e-mailed code and sign in (sets the sst cookie)',
    tag: 'auth',
    auth: 'none',
    body: signUpBody,
    responses: {
      200: { description: 'created and signed in', schema: { type: 'object', properties: { user: identitySchema } } },
      400: { description: 'bad input, a wrong or expired code (on /code), or terms not the current ones (on /policyVersion)', schema: errorSchema },
      403: { description: 'sign-up is disabled', schema: errorSchema },
      409: { description: 'the e-mail already has an account', schema: errorSchema },
    },
    handler: async (req, reply) => {
      const body = req.body as SignUpRequest;
      if (!ctx.config.signUp) throw signUpClosed();
      if (body.policyVersion !== ctx.config.policyVersion) throw badRequest([{ field: '/policyVersion', message: 'not the current policy version' }]);
      if (await emailTaken(ctx.db, body.email)) throw emailRegistered();
      const codeId = await verifyCode(ctx.db, body.email, 'sign-up', body.code);
      const passwordHash = await hashPassword(body.password);
      const account = await ctx.db.transaction(async (tx) => {
        await useCode(tx, codeId);
        if (await emailTaken(tx, body.email)) throw emailRegistered();
        const properties = { policyVersion: body.policyVersion };
        const created = await insertAccount(tx, { email: body.email, name: body.name.trim(), passwordHash, properties });
        const after = { email: created.email, name: created.name, ...properties };
        await recordOperation(tx, { actor: `user:${created.email}`, action: 'account.sign-up', target: created.id, after });
        return created;
      });
      return startSession(ctx, req, reply, account, 'user', 'sign-up');
    },
  });

  api.route({
    method: 'POST',
    url: '/auth/reset-password',
    summary: 'Set a new password with the e-mailed code; every session of the account ends',
    tag: 'auth',
    auth: 'none',
    body: resetBody,
    responses: {
      204: { description: 'password changed; sign in again' },
      400: { description: 'bad input, or a wrong or expired code (on /code)', schema: errorSchema },
    },
    handler: async (req, reply) => {
      const body = req.body as ResetPasswordRequest;
      const codeId = await verifyCode(ctx.db, body.email, 'reset-password', body.code);
      const account = await findAccountByEmail(ctx.db, body.email);
      // A code can only have been sent for an existing account; one deleted since counts as a wrong code.
      if (!account) throw badRequest([{ field: '/code', message: 'invalid or expired verification code' }], 'invalid or expired verification code');
      const passwordHash = await hashPassword(body.password);
      await ctx.db.transaction(async (tx) => {
        await useCode(tx, codeId);
        await tx.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [account.id, passwordHash]);
        const ended = await endSessionsOf(tx, account.id);
        await recordOperation(tx, { actor: `user:${account.email}`, action: 'account.password.reset', target: account.id, after: { endedSessions: ended } });
      });
      reply.code(204);
      return null;
    },
  });
}
