import { billboardEnd, billboardLive } from '../../../../resources/passport/liveops-rules';
import type { Ctx } from '../../../context';
import { badRequest, type FieldError } from '../../../engine/errors';
import type { WriteInput } from '../../../engine/hooks';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { storedFields } from '../../../engine/write';
import { iso, liveopsAudit, passportModel } from './common';

/**
 * An edit of a billboard that is already scheduled or published must not end it before it goes live (its publish
 * time is kept through edits).
 */
export function validateBillboard({ data }: WriteInput): FieldError[] {
  if (typeof data.publishAt !== 'string') return [];
  const end = billboardEnd(data, new Date(data.publishAt));
  return end && end.getTime() <= Date.parse(data.publishAt) ? [{ field: '/customExpiresAt', message: 'the billboard would expire before it goes live' }] : [];
}

/** States a billboard may be published from: never published, scheduled (publish now or at another time), revoked. */
export const PUBLISHABLE = ['billboardPending', 'billboardScheduled', 'billboardRevoked'];

/**
 * Publishes a billboard now, or at `publishAt` if that is still to come (then it is scheduled and goes live at that
 * time). A time already past publishes it now. Refused (409) from any other state, or with a stale version.
 */
export async function publishBillboard(ctx: Ctx, appId: string, actor: string, before: Data, body: { publishAt?: string; version?: number }, now = new Date()) {
  const m = passportModel(ctx, 'billboards');
  const id = String(before.id);
  const requested = body.publishAt ? new Date(body.publishAt) : now;
  const liveAt = requested.getTime() > now.getTime() ? requested : now;
  const end = billboardEnd(before, liveAt);
  if (end && end.getTime() <= liveAt.getTime()) throw badRequest([{ field: '/publishAt', message: 'the billboard would expire before it goes live' }]);
  const after = await ctx.store.update(m, appId, id, {
    status: liveAt === now ? 'billboardPublished' : 'billboardScheduled',
    fromStatus: PUBLISHABLE,
    version: body.version,
    data: { ...storedFields(m, before), publishAt: liveAt.toISOString() },
  });
  await liveopsAudit(ctx.db, actor, appId, 'billboards.publish', id, before, after);
  return after;
}

const toPlayer = (b: Data) => {
  const liveAt = new Date(String(b.publishAt));
  return {
    id: b.id,
    title: b.title,
    content: b.content,
    namespace: b.namespace,
    priority: b.priority ?? 0,
    publishAt: iso(liveAt),
    expiresAt: iso(billboardEnd(b, liveAt)),
  };
};

/** The billboards players see at `now` (of one namespace, or all), highest priority first, then the newest. */
export async function liveBillboards(ctx: Ctx, appId: string, namespace: string | undefined, now = new Date()) {
  const m = passportModel(ctx, 'billboards');
  const found = await records(ctx.db, m).find(appId, { where: { status: { $in: ['billboardPublished', 'billboardScheduled'] }, publishAt: { $lte: now }, namespace: namespace || undefined } });
  const live = found.filter((b) => billboardLive(b, now));
  live.sort((a, b) => Number(b.priority ?? 0) - Number(a.priority ?? 0) || String(b.publishAt).localeCompare(String(a.publishAt)) || String(a.id).localeCompare(String(b.id)));
  return { total: live.length, billboards: live.map(toPlayer) };
}
