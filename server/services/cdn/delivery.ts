import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { assetStreaming } from '../../../resources/asset-streaming';
import { BADGE_MAX_AGE, CONTENT_BADGE_PATH, CONTENT_RELEASE_PATH } from '../../../resources/cdn/delivery';
import type { Ctx } from '../../context';
import type { Api } from '../../engine/api';
import { badRequest, forbidden, notFound } from '../../engine/errors';
import { accessTokenValid } from './access-tokens';
import { deliveriesOf } from './deliveries';
import { deliveryIndexOf, type BucketFacts } from './delivery-index';
import { pathProblem } from './paths';
import { releaseRow } from './release-rows';
import { contentResponses, sendContent } from './send-content';

const SERVICE = assetStreaming.name;
const BASE = assetStreaming.base;
const IMMUTABLE = 'public, max-age=31536000, immutable';

type FrozenRow = NonNullable<Awaited<ReturnType<typeof releaseRow>>>;
const frozenRows = new WeakMap<Ctx, LRUCache<string, FrozenRow>>();

/**
 * A release's row for a path, remembered once read: a release never changes after it is made, nor does content under
 * its hash, so a remembered row cannot go stale on any instance.
 */
async function frozenRowOf(ctx: Ctx, releaseId: string, path: string): Promise<FrozenRow | undefined> {
  let cache = frozenRows.get(ctx);
  if (!cache) frozenRows.set(ctx, (cache = new LRUCache<string, FrozenRow>({ max: 50_000 })));
  const key = `${releaseId}\t${path}`;
  const known = cache.get(key);
  if (known) return known;
  const row = await releaseRow(ctx.db, releaseId, path);
  if (row) cache.set(key, row);
  return row;
}

interface Target {
  bucket: BucketFacts;
  releaseId: string;
  releaseNum?: number;
}

/** The bucket, when it exists and the request may read it (a private bucket's content needs a valid access token). */
async function bucketOf(ctx: Ctx, req: FastifyRequest, bucketId: string): Promise<BucketFacts> {
  const bucket = await deliveryIndexOf(ctx).bucket(bucketId);
  if (!bucket) throw notFound('no such bucket');
  if (bucket.private) {
    const token = (req.query as { token?: string }).token;
    if (!token || !(await accessTokenValid(ctx, bucketId, token))) throw forbidden('a private bucket needs a valid access token');
  }
  return bucket;
}

/** Sends one entry of a release, naming the release in `X-Release-Id` (and its number in `X-Release-Num`). */
async function send(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, t: Target, path: string, cacheControl: string) {
  const problem = pathProblem(path);
  if (problem) throw badRequest([{ field: 'params.*', message: problem }]);
  const row = await frozenRowOf(ctx, t.releaseId, path);
  if (!row) throw notFound('no such entry in this release');
  reply.header('x-release-id', t.releaseId);
  if (t.releaseNum !== undefined) reply.header('x-release-num', String(t.releaseNum));
  const { id: bucketId, appId } = t.bucket;
  const counter = deliveriesOf(ctx);
  return sendContent(ctx, req, reply, row, { cacheControl, servedFrom: { scope: bucketId, path }, count: (bytes) => counter.count(appId, bucketId, path, bytes) });
}

const params = (extra: string) => ({
  type: 'object',
  required: ['bucketId', extra, '*'],
  properties: { bucketId: { type: 'string', minLength: 1, maxLength: 64 }, [extra]: { type: 'string', minLength: 1, maxLength: 64 }, '*': { type: 'string', minLength: 1, maxLength: 1024 } },
});
const query = { type: 'object', additionalProperties: false, properties: { token: { type: 'string', maxLength: 300, description: "a private bucket's access token" } } };
const responses = contentResponses('the content (ETag: its SHA-256; X-Release-Id: the release served)', {
  403: 'a private bucket without a valid access token',
  404: 'no such bucket, badge, release or entry',
});

/**
 * The public content addresses of every bucket (`resources/cdn/delivery.ts`), reading buckets, badges and releases
 * from the delivery index, which hears every instance's changes for as long as the server runs.
 */
export function mountDelivery(api: Api, ctx: Ctx): void {
  // Without a listener (the database refused it) changes made here are still seen here.
  const listening = deliveryIndexOf(ctx).listen().catch(() => async () => undefined);
  api.app.addHook('onClose', async () => (await listening)());
  api.route({
    method: 'GET',
    url: `${BASE}${CONTENT_BADGE_PATH}`,
    summary: "An entry of the release a badge points at (short max-age; X-Release-Id names the release to pin)",
    tag: SERVICE,
    auth: 'none',
    params: params('badge'),
    querystring: query,
    responses,
    handler: async (req, reply) => {
      const p = req.params as { bucketId: string; badge: string; '*': string };
      const bucket = await bucketOf(ctx, req, p.bucketId);
      const badge = await deliveryIndexOf(ctx).badge(bucket, p.badge);
      if (!badge) throw notFound('no such badge');
      return send(ctx, req, reply, { bucket, ...badge }, p['*'], `public, max-age=${BADGE_MAX_AGE}`);
    },
  });
  api.route({
    method: 'GET',
    url: `${BASE}${CONTENT_RELEASE_PATH}`,
    summary: 'An entry of one release (immutable: cached for a year)',
    tag: SERVICE,
    auth: 'none',
    params: params('releaseId'),
    querystring: query,
    responses,
    handler: async (req, reply) => {
      const p = req.params as { bucketId: string; releaseId: string; '*': string };
      const bucket = await bucketOf(ctx, req, p.bucketId);
      const release = await deliveryIndexOf(ctx).release(bucket, p.releaseId);
      if (!release) throw notFound('no such release in this bucket');
      return send(ctx, req, reply, { bucket, ...release }, p['*'], IMMUTABLE);
    },
  });
}
