import type { ResourceHooks } from '../../engine/hooks';
import { deliveryIndexOf } from './delivery-index';

/**
 * Delivery hears of every change to a bucket itself: the engine's update and delete of buckets (a visibility changed,
 * a bucket deleted with its badges and releases) tell the delivery index once committed, before the answer leaves —
 * here and, by notice, on every instance. The service's own calls that move badges or make releases tell it
 * themselves (`badges.ts`, `releases.ts`).
 */
export const bucketHooks: ResourceHooks = {
  changed: async ({ ctx, ids }) => {
    for (const id of ids) await deliveryIndexOf(ctx).changed(id);
  },
};
