import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../../resources/types';
import inboxTemplateSchema from '../../../../schemas/passport/liveops/inbox-template.json' with { type: 'json' };
import { recordOperation } from '../../../audit';
import { modelOf, type Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { ApiError, conflict } from '../../../engine/errors';
import type { ResourceModel } from '../../../engine/model';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { requirePlayer, type PersonaPlayer } from '../players/principal';
export { playerActor, type PersonaPlayer } from '../players/principal';

/** One reward line: an economy resource (by its slug) and how many. */
export interface Reward {
  resource: string;
  amount: number;
}

export const TAG = 'passport';
export { listAnswer, pageProperties, pageQuery } from '../../../engine/api';

/** The schema of a list of reward lines, as the inbox template declares its attachments (one truth for all). */
export const rewardsSchema: JsonSchema = (({ default: _d, 'x-ui': _x, ...rest }) => rest)(
  (inboxTemplateSchema.properties as Record<string, JsonSchema>).attachments,
);


export const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** A refused state change, with the reason as its message. */
export const refused = (message: string) => conflict('INVALID_TRANSITION', message);

/** The model of another passport resource this area reads (personas, economy resources). */
export const passportModel = (ctx: Ctx, name: string): ResourceModel => modelOf(ctx, 'passport', name);

/** The persona `id` of the app, or 404. */
export async function requirePersona(ctx: Ctx, appId: string, id: string): Promise<Data> {
  return ctx.store.get(passportModel(ctx, 'personas'), appId, id);
}

/** Which of `ids` are personas of the app. */
export async function existingPersonas(db: Queryable, ctx: Ctx, appId: string, ids: string[]): Promise<Set<string>> {
  const found = await records(db, passportModel(ctx, 'personas')).find(appId, { where: { id: { $in: ids } } });
  return new Set(found.map((r) => String(r.id)));
}

/** The player of a call, who must have selected a persona (their inbox, quests and passes are the persona's). */
export async function requirePersonaPlayer(ctx: Ctx, req: FastifyRequest): Promise<PersonaPlayer> {
  const player = await requirePlayer(ctx.db, req);
  if (!player.personaId) throw new ApiError(409, 'PERSONA_NOT_SELECTED', 'select a persona first');
  return player as PersonaPlayer;
}

/** Writes a live-ops change to the operation history. */
export function liveopsAudit(db: Queryable, actor: string, appId: string, action: string, target: string, before?: unknown, after?: unknown) {
  return recordOperation(db, { actor, appId, action: `passport.${action}`, target, before, after });
}

/** The record an item path names (id, or slug for resources addressed by one), or 404. */
export async function findRecord(ctx: Ctx, resource: string, appId: string, key: string): Promise<Data> {
  const m = passportModel(ctx, resource);
  return ctx.store.get(m, appId, await ctx.store.resolveId(m, appId, key));
}
