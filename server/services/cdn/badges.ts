import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { ApiError, badRequest, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import { auditIn } from '../../engine/write';
import { deliveryIndexOf } from './delivery-index';
import { badgesOf, LATEST, setBadge } from './releases';
import { modelOf } from '../../context';
import { assetStreaming } from '../../../resources/asset-streaming';

/** Badges by name: set or moved onto one of the bucket's releases; removed, except `latest`, which follows releases. */
export function badgeCalls(ctx: Ctx): CallHandlers {
  return {
    'badges.set': async (call) => {
      const { name, releaseId } = call.input as { name: string; releaseId: string };
      const bucketId = String(call.record!.id);
      const who = { scopeId: call.scopeId, principal: { actor: call.actor } };
      const badge = await ctx.db.transaction(async (tx) => {
        await records(tx, modelOf(ctx, assetStreaming.name, 'buckets')).get(call.scopeId, bucketId, { lock: 'update', message: 'no such bucket' });
        const release = await records(tx, modelOf(ctx, assetStreaming.name, 'releases')).first(call.scopeId, { where: { id: releaseId, parentId: bucketId } });
        if (!release) throw badRequest([{ field: '/releaseId', message: 'no such release in this bucket' }]);
        return setBadge(ctx, tx, who, bucketId, name, release);
      });
      // Committed: delivery by this badge serves the new release from this answer on, here and on every instance.
      await deliveryIndexOf(ctx).changed(bucketId);
      return badge;
    },
    'badges.delete': async (call) => {
      const { name } = call.params;
      if (name === LATEST) throw new ApiError(409, 'BADGE_FOLLOWS_RELEASES', 'the latest badge follows the newest release and cannot be removed');
      const badges = records(ctx.db, badgesOf(ctx));
      const badge = await badges.first(call.scopeId, { where: { parentId: String(call.record!.id), name } });
      if (!badge) throw notFound('no such badge');
      await badges.remove(call.scopeId, { id: String(badge.id) });
      await auditIn(ctx.db, { scopeId: call.scopeId, principal: { actor: call.actor } }, badgesOf(ctx), 'delete', String(badge.id), badge);
      await deliveryIndexOf(ctx).changed(String(call.record!.id));
      call.reply.code(204);
      return null;
    },
  };
}
