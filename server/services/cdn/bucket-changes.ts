import type { onSendHookHandler } from 'fastify';
import { assetStreaming } from '../../../resources/asset-streaming';
import { modelOf, type Ctx } from '../../context';
import type { Api } from '../../engine/api';
import { deliveryIndexOf } from './delivery-index';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Delivery hears of every change to a bucket itself: the engine's update and delete of a bucket (its visibility
 * changed, or it was deleted with its badges and releases) tell the delivery index once they have answered
 * successfully — after their transaction is committed, before the answer leaves — here and, by notice, on every
 * instance. The service's own calls that move badges or make releases tell it themselves (`badges.ts`, `releases.ts`).
 * Only the bucket's own item address is watched: no other route pays for it.
 */
export function watchBucketWrites(api: Api, ctx: Ctx): void {
  const m = modelOf(ctx, assetStreaming.name, 'buckets');
  const item = `${m.base}/:${m.idParam}`;
  const told: onSendHookHandler = async (req, reply, payload) => {
    if (reply.statusCode < 400) await deliveryIndexOf(ctx).changed(String((req.params as Record<string, string>)[m.idParam]));
    return payload;
  };
  api.app.addHook('onRoute', (route) => {
    if (route.url.replace(/\/$/, '') !== item || [route.method].flat().every((method) => READS.has(method))) return;
    route.onSend = [...[route.onSend ?? []].flat(), told];
  });
}
