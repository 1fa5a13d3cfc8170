import { assetStreaming } from '../../../resources/asset-streaming';
import { modelOf, type Ctx } from '../../context';
import type { Queryable } from '../../db';
import type { CallHandlers } from '../../engine/declared-calls';
import { ApiError, badRequest, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { auditIn } from '../../engine/write';
import { deliveryIndexOf } from './delivery-index';
import { entriesOf } from './entries';
import { answerPage, pagingOf } from './paging';
import { frozenRows, releaseRows, storeReleaseRows, type ReleaseRow } from './release-rows';

const SERVICE = assetStreaming.name;
const bucketsOf = (ctx: Ctx) => modelOf(ctx, SERVICE, 'buckets');
const releasesOf = (ctx: Ctx) => modelOf(ctx, SERVICE, 'releases');
export const badgesOf = (ctx: Ctx) => modelOf(ctx, SERVICE, 'badges');

/** The badge every release moves to itself. */
export const LATEST = 'latest';

interface Actor {
  scopeId: string;
  principal: { actor: string };
}

/** A release of the bucket, or 404 (another bucket's release is not found here). */
export async function releaseIn(ctx: Ctx, scopeId: string, bucketId: string, releaseId: string, q: Queryable = ctx.db): Promise<Data> {
  const release = await records(q, releasesOf(ctx)).first(scopeId, { where: { id: releaseId, parentId: bucketId } });
  if (!release) throw notFound('no such release in this bucket');
  return release;
}

/** Points a badge of the bucket at a release (created, or moved), in the caller's transaction. */
export async function setBadge(ctx: Ctx, tx: Queryable, who: Actor, bucketId: string, name: string, release: Data): Promise<Data> {
  const badges = records(tx, badgesOf(ctx));
  const fields = { releaseId: String(release.id), releaseNum: release.releaseNum as number };
  const existing = await badges.first(who.scopeId, { where: { parentId: bucketId, name }, lock: 'update' });
  if (existing) {
    const moved = await badges.updateOne(who.scopeId, String(existing.id), { set: fields });
    await auditIn(tx, who, badgesOf(ctx), 'update', String(existing.id), existing, moved);
    return moved;
  }
  const created = await badges.insert(who.scopeId, { bucketId, name, ...fields }, { parentId: bucketId });
  await auditIn(tx, who, badgesOf(ctx), 'create', String(created.id), undefined, created);
  return created;
}

/**
 * A new release of the bucket holding exactly `rows`, numbered after the bucket's last, with `latest` moved to it —
 * one transaction, under the bucket's row lock, so two releases never share a number and a badge never points at a
 * release whose rows are not all written. Once committed, delivery forgets where the bucket's badges pointed.
 */
export async function makeRelease(ctx: Ctx, who: Actor, bucketId: string, rows: ReleaseRow[] | 'entries', extra: Data): Promise<Data> {
  const made = await ctx.db.transaction(async (tx) => {
    const bucket = await records(tx, bucketsOf(ctx)).get(who.scopeId, bucketId, { lock: 'update', message: 'no such bucket' });
    const frozen = rows === 'entries' ? frozenRows(await records(tx, entriesOf(ctx)).find(who.scopeId, { where: { parentId: bucketId }, orderBy: 'path' })) : rows;
    if (!frozen.length) throw new ApiError(409, 'EMPTY_BUCKET', 'the bucket has no entries to release');
    const releaseNum = Number(bucket.releaseCount ?? 0) + 1;
    const data = { bucketId, releaseNum, entryCount: frozen.length, totalSize: frozen.reduce((s, r) => s + r.contentSize, 0), ...extra };
    const release = await records(tx, releasesOf(ctx)).insert(who.scopeId, data, { parentId: bucketId });
    await storeReleaseRows(tx, who.scopeId, String(release.id), frozen);
    await records(tx, bucketsOf(ctx)).updateOne(who.scopeId, bucketId, { set: { releaseCount: releaseNum } });
    await auditIn(tx, who, releasesOf(ctx), 'create', String(release.id), undefined, release);
    await setBadge(ctx, tx, who, bucketId, LATEST, release);
    return release;
  });
  await deliveryIndexOf(ctx).changed(bucketId);
  return made;
}

const who = (call: { scopeId: string; actor: string }): Actor => ({ scopeId: call.scopeId, principal: { actor: call.actor } });

export function releaseCalls(ctx: Ctx): CallHandlers {
  return {
    'releases.create': async (call) => {
      const { notes } = call.input as { notes?: string };
      return makeRelease(ctx, who(call), String(call.record!.id), 'entries', notes ? { notes } : {});
    },
    'releases.entries': async (call) => {
      const release = await releaseIn(ctx, call.scopeId, String(call.record!.id), call.params.rid);
      const { offset, limit } = pagingOf(call.input);
      const page = await releaseRows(ctx.db, String(release.id), { offset, limit });
      return answerPage(call.reply, page.rows, offset, page.total);
    },
    'releases.fuzzy': async (call) => {
      const release = await releaseIn(ctx, call.scopeId, String(call.record!.id), call.params.rid);
      const { offset, limit } = pagingOf(call.input);
      const page = await releaseRows(ctx.db, String(release.id), { offset, limit, search: String(call.input.q) });
      return answerPage(call.reply, page.rows, offset, page.total);
    },
    'releases.byBadge': async (call) => {
      const badge = await records(ctx.db, badgesOf(ctx)).first(call.scopeId, { where: { parentId: String(call.record!.id), name: call.params.badge } });
      if (!badge) throw notFound('no such badge');
      return releaseIn(ctx, call.scopeId, String(call.record!.id), String(badge.releaseId));
    },
    'buckets.promote': async (call) => {
      const { releaseId, toBucketId, notes } = call.input as { releaseId: string; toBucketId: string; notes?: string };
      const from = String(call.record!.id);
      if (toBucketId === from) throw badRequest([{ field: '/toBucketId', message: 'promote into another bucket' }]);
      const release = await releaseIn(ctx, call.scopeId, from, releaseId);
      if (!(await records(ctx.db, bucketsOf(ctx)).maybe(call.scopeId, toBucketId))) throw notFound('no such bucket');
      const rows = (await releaseRows(ctx.db, releaseId, { offset: 0, limit: Number.MAX_SAFE_INTEGER })).rows;
      call.reply.code(201);
      return makeRelease(ctx, who(call), toBucketId, rows, { promotedFrom: String(release.id), notes: notes ?? `promoted from release ${release.releaseNum}` });
    },
  };
}
