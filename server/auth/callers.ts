import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import { forbidden, unauthorized } from '../engine/errors';
import { sessionAccount } from './principal';
import type { Account } from './sessions';

/** The console sessions a request carries: a user's, an administrator's, or both (separate cookies). */
export interface Caller {
  user?: Account;
  admin?: Account;
}

/** Both console sessions of the request; with neither, 401. */
export async function callerOf(ctx: Ctx, req: FastifyRequest): Promise<Caller> {
  const [user, admin] = await Promise.all([sessionAccount(ctx.db, req, 'user'), sessionAccount(ctx.db, req, 'admin')]);
  if (!user && !admin) throw unauthorized('login expired');
  return { user, admin };
}

/** A console user's session: an administrator session alone is a member of nothing (403); no session is 401. */
export async function requireUser(ctx: Ctx, req: FastifyRequest): Promise<Account> {
  const { user } = await callerOf(ctx, req);
  if (!user) throw forbidden();
  return user;
}

/** An administrator session: anyone else signed in (user or finance administrator) gets 403, nobody at all 401. */
export async function requireAdmin(ctx: Ctx, req: FastifyRequest): Promise<Account> {
  const admin = await sessionAccount(ctx.db, req, 'admin');
  if (admin) return admin;
  const other = (await sessionAccount(ctx.db, req, 'user')) ?? (await sessionAccount(ctx.db, req, 'finance-admin'));
  throw other ? forbidden() : unauthorized();
}

/** Who did something, as the operation history names them. */
export const userActor = (a: Account) => `user:${a.email}`;
export const adminActor = (a: Account) => `admin:${a.email}`;

export const requestOrigin = (req: FastifyRequest) => new URL(`${req.protocol}://${req.host}`).origin;

/** The address the console is served from (links in e-mails): the configured public URL, else this request's. */
export function publicOrigin(ctx: Ctx, req: FastifyRequest): string {
  return ctx.config.publicUrl ? new URL(ctx.config.publicUrl).origin : requestOrigin(req);
}

/** A finance administrator, as the operation history names them. */
export const financeActor = (a: Account) => `finance:${a.email}`;

/**
 * Who asks about money. The back office — an administrator (`admin_sst`) or a finance administrator
 * (`bc_admin_sst`) — reads every organisation and acts on every transaction; a console user (`sst`) reads the
 * organisations they belong to. A request may carry several sessions; the back office's wins.
 */
export interface MoneyCaller {
  user?: Account;
  office?: { account: Account; actor: string };
}

export async function moneyCaller(ctx: Ctx, req: FastifyRequest): Promise<MoneyCaller> {
  const [user, admin, finance] = await Promise.all([
    sessionAccount(ctx.db, req, 'user'),
    sessionAccount(ctx.db, req, 'admin'),
    sessionAccount(ctx.db, req, 'finance-admin'),
  ]);
  if (!user && !admin && !finance) throw unauthorized('login expired');
  const office = admin ? { account: admin, actor: adminActor(admin) } : finance ? { account: finance, actor: financeActor(finance) } : undefined;
  return { user, office };
}

/** The back office only: a console user gets 403, nobody 401. */
export async function requireOffice(ctx: Ctx, req: FastifyRequest): Promise<{ account: Account; actor: string }> {
  const caller = await moneyCaller(ctx, req);
  if (!caller.office) throw forbidden();
  return caller.office;
}

/** The history's name for a money caller: the back office's session if it has one, else the user's. */
export const moneyActor = (caller: MoneyCaller): string => caller.office?.actor ?? userActor(caller.user!);
