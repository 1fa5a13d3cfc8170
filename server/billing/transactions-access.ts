import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import { sessionAccount } from '../auth/principal';
import { adminActor, userActor } from '../auth/callers';
import type { Account } from '../auth/sessions';
import { forbidden, unauthorized } from '../engine/errors';

/**
 * Who asks about money. The back office — an administrator (`admin_sst`) or a finance administrator
 * (`bc_admin_sst`) — reads every organisation and acts on every transaction; a console user (`sst`) reads the
 * organisations they belong to. A request may carry several sessions; the back office's wins.
 */
export interface MoneyCaller {
  user?: Account;
  office?: { account: Account; actor: string };
}

export const financeActor = (a: Account) => `finance:${a.email}`;

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

export const actorOf = (caller: MoneyCaller): string => caller.office?.actor ?? userActor(caller.user!);
