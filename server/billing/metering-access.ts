import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import { moneyCaller, type MoneyCaller } from '../auth/callers';
import { forbidden, notFound } from '../engine/errors';
import { roleIn } from '../platform/org/access';

/** The back office (administrators and finance administrators) reads everything and runs the monthly billing. */
export { requireOffice as requireBackOffice, moneyActor as actorOf } from '../auth/callers';

const exists = async (ctx: Ctx, sql: string, id: string) => (await ctx.db.query(sql, [id])).rows.length > 0;

/** Read access to an organisation's money: a member, or the back office (404 for an unknown one); others 403. */
export async function orgMoneyReader(ctx: Ctx, req: FastifyRequest, orgId: string): Promise<MoneyCaller> {
  const caller = await moneyCaller(ctx, req);
  if (caller.user && (await roleIn(ctx.db, orgId, caller.user.id))) return caller;
  if (caller.office) {
    if (!(await exists(ctx, 'SELECT 1 FROM organizations WHERE id = $1', orgId))) throw notFound();
    return caller;
  }
  throw forbidden();
}

/** Read access to an app's money, through its organisation. An unknown app is 403 to users, 404 to the back office. */
export async function appMoneyReader(ctx: Ctx, req: FastifyRequest, appId: string): Promise<{ caller: MoneyCaller; orgId: string }> {
  const caller = await moneyCaller(ctx, req);
  const res = await ctx.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [appId]);
  const orgId = res.rows[0]?.org_id;
  if (orgId && caller.user && (await roleIn(ctx.db, orgId, caller.user.id))) return { caller, orgId };
  if (caller.office) {
    if (!orgId) throw notFound();
    return { caller, orgId };
  }
  throw forbidden();
}

/**
 * The organisations a list may show: with `orgId`, that one (checked as above); without, every organisation for
 * the back office (undefined) or the caller's own.
 */
export async function readableOrgs(ctx: Ctx, req: FastifyRequest, orgId: string | undefined): Promise<string[] | undefined> {
  if (orgId) {
    await orgMoneyReader(ctx, req, orgId);
    return [orgId];
  }
  const caller = await moneyCaller(ctx, req);
  if (caller.office) return undefined;
  const res = await ctx.db.query<{ org_id: string }>('SELECT org_id FROM org_members WHERE account_id = $1', [caller.user!.id]);
  return res.rows.map((r) => r.org_id);
}
