import { recordOperation } from '../../../audit';
import { modelOf, type Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { badRequest, conflict, notFound, type FieldError } from '../../../engine/errors';
import type { ResourceHooks } from '../../../engine/hooks';
import type { Data } from '../../../engine/store';
import { playerOf } from '../players/principal';
import { SERVICE } from './shared';
import { records } from '../../../engine/query';

/** Operators choose Reviewing, Cleared or Actioned; Revoked is the reporter's alone (who reported whom is `x-fixed`). */
export const reportHooks: ResourceHooks = {
  validate: ({ data, existing }) => {
    if (existing?.status === 'Revoked') throw conflict('INVALID_TRANSITION', 'the reporter revoked this report');
    const errs: FieldError[] = [];
    if (data.status === 'Revoked') errs.push({ field: '/status', message: 'only the reporter can revoke a report' });
    return errs;
  },
};

interface FileBody {
  targetPersonaId?: string;
  targetUserId?: string;
  reason: string;
  description?: string;
}

/** The reported player in the reporter's app: the persona named (and its user), or the user named. */
async function target(ctx: Ctx, appId: string, body: FileBody): Promise<{ userId: string; personaId?: string }> {
  const found = (kind: 'personas' | 'users', id: string) => records(ctx.db, modelOf(ctx, SERVICE, kind)).get(appId, id, { message: 'the reported player does not exist' });
  if (body.targetPersonaId) {
    const userId = String((await found('personas', body.targetPersonaId)).userId);
    if (body.targetUserId && body.targetUserId !== userId) throw badRequest([{ field: '/targetUserId', message: 'not the user of this persona' }]);
    return { userId, personaId: body.targetPersonaId };
  }
  await found('users', body.targetUserId!);
  return { userId: body.targetUserId! };
}

/** The behaviour of the player's report calls (`resources/passport/identity-calls.ts`). */
export function reportHandlers(ctx: Ctx): CallHandlers {
  const m = modelOf(ctx, SERVICE, 'reports');
  return {
    'reports.file': async (call) => {
      const player = playerOf(call);
      const body = call.input as unknown as FileBody;
      const who = await target(ctx, player.appId, body);
      if (who.userId === player.userId) throw badRequest([{ field: body.targetPersonaId ? '/targetPersonaId' : '/targetUserId', message: 'cannot report yourself' }]);
      const data: Data = {
        reporterUserId: player.userId,
        ...(player.personaId ? { reporterPersonaId: player.personaId } : {}),
        targetUserId: who.userId,
        ...(who.personaId ? { targetPersonaId: who.personaId } : {}),
        reason: body.reason,
        ...(body.description ? { description: body.description } : {}),
        status: 'Reviewing',
      };
      const created = await ctx.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`passport-report|${player.appId}|${player.userId}|${who.userId}`]);
        const open = await records(tx, m).exists(player.appId, { reporterUserId: player.userId, targetUserId: who.userId, status: 'Reviewing' });
        if (open) throw conflict('DUPLICATE', 'you already reported this player and the report is under review');
        return records(tx, m).insert(player.appId, data);
      });
      await recordOperation(ctx.db, { actor: player.actor, appId: player.appId, action: 'passport.reports.file', target: String(created.id), after: created });
      return created;
    },

    'reports.revoke': async (call) => {
      const player = playerOf(call);
      const id = call.params.id;
      const before = await records(ctx.db, m).first(player.appId, { where: { id, reporterUserId: player.userId } });
      if (!before) throw notFound();
      if (before.status !== 'Reviewing') throw conflict('INVALID_TRANSITION', 'only a report under review can be revoked');
      const after = await records(ctx.db, m).updateOne(player.appId, id, { set: { status: 'Revoked' } }, { version: Number(before.version) });
      await recordOperation(ctx.db, { actor: player.actor, appId: player.appId, action: 'passport.reports.revoke', target: id, before, after });
      return after;
    },
  };
}
