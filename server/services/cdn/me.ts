/**
 * The CDN's `users/me/…` calls (ADR 0019): the calling app's view of itself in the service. The change sequence is
 * read from the operation history, where every change to the app's CDN content is written once, in order.
 */
import { assetStreaming } from '../../../resources/asset-streaming';
import { modVersions } from '../../../resources/cdn/mods';
import { bundleAnalyses } from '../../../resources/cdn/analysis';
import type { ServiceModule } from '../index';
import { MAX_COUNT } from '../../engine/list-routes';
import { modelOf, type Ctx } from '../../context';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { records } from '../../engine/query';
import { MAX_PATH } from './paths';
import { CACHE_ENTRY_MAX_BYTES, CACHE_MAX_BYTES, proxyCacheOf } from './proxy-cache';
import { answerPage, pagingOf } from './paging';
import { deliveriesByDay, rangeOf } from './statistics';

const SERVICE = assetStreaming.name;
/** The operation-history codes of the service's changes (an analysis made or gone stale changes no content), and of a release made. */
const CHANGES = `${SERVICE}.%`;
const NOT_CHANGES = `${SERVICE}.${bundleAnalyses.name}.%`;
const RELEASE_MADE = `${SERVICE}.releases.create`;

const model = (ctx: Ctx, resource: string) => modelOf(ctx, SERVICE, resource);

async function info(ctx: Ctx, call: CallInput) {
  const app = call.scopeId;
  const count = (resource: string) => records(ctx.db, model(ctx, resource)).count(app);
  const [buckets, entries, releases, badges, mods, sums, days] = await Promise.all([
    count('buckets'),
    count('entries'),
    count('releases'),
    count('badges'),
    count('mods'),
    records(ctx.db, model(ctx, 'entries')).aggregate(app, { measures: { bytes: ['sum', 'contentSize'] } }),
    deliveriesByDay(ctx, { appId: app }, rangeOf({})),
  ]);
  const maxFiles = (modVersions.schema.properties as { entries: { maxItems: number } }).entries.maxItems;
  return {
    appId: app,
    caller: call.actor,
    limits: {
      uploadBytes: ctx.config.uploadLimitBytes,
      pathLength: MAX_PATH,
      pageSize: MAX_COUNT,
      modVersionFiles: maxFiles,
      proxyCacheBytes: CACHE_MAX_BYTES,
      proxyCacheEntryBytes: CACHE_ENTRY_MAX_BYTES,
    },
    usage: { buckets, entries, entryBytes: Number(sums[0]?.bytes ?? 0), releases, badges, mods },
    traffic: {
      start: days[0]?.date,
      end: days.at(-1)?.date,
      requests: days.reduce((s, d) => s + d.requests, 0),
      bytes: days.reduce((s, d) => s + d.bytes, 0),
    },
  };
}

/** What this server's proxy cache holds of the app's buckets. */
async function rcache(ctx: Ctx, call: CallInput) {
  const cache = proxyCacheOf(ctx);
  const buckets = await records(ctx.db, model(ctx, 'buckets')).find(call.scopeId, { orderBy: 'name' });
  const held = buckets
    .map((b) => {
      const items = cache.ofBucket(String(b.id));
      return { bucketId: String(b.id), name: String(b.name), contents: items.length, bytes: items.reduce((s, i) => s + i.bytes, 0) };
    })
    .filter((b) => b.contents > 0)
    .sort((a, b) => b.bytes - a.bytes);
  return {
    maxBytes: CACHE_MAX_BYTES,
    entryMaxBytes: CACHE_ENTRY_MAX_BYTES,
    contents: held.reduce((s, b) => s + b.contents, 0),
    bytes: held.reduce((s, b) => s + b.bytes, 0),
    buckets: held,
  };
}

async function sequence(ctx: Ctx, call: CallInput) {
  const res = await ctx.db.query<{ n: number; at: Date | null }>(
    'SELECT count(*)::int AS n, max(at) AS at FROM audit_log WHERE app_id = $1 AND action LIKE $2 AND action NOT LIKE $3',
    [call.scopeId, CHANGES, NOT_CHANGES],
  );
  const row = res.rows[0];
  return { sequence: Number(row.n), changedAt: row.at ? new Date(row.at).toISOString() : null };
}

/** The app's releases by the number of the change that made each (its place in the app's changes), latest first. */
async function genmapping(ctx: Ctx, call: CallInput) {
  const { offset, limit } = pagingOf(call.input);
  const res = await ctx.db.query<{ seq: string; target: string; after: { bucketId?: string; releaseNum?: number } | null; at: Date; total: number }>(
    `SELECT seq, target, after, at, count(*) OVER ()::int AS total FROM (
       SELECT action, target, after, at, row_number() OVER (ORDER BY id) AS seq FROM audit_log WHERE app_id = $1 AND action LIKE $2 AND action NOT LIKE $6
     ) changes WHERE action = $3 ORDER BY seq DESC LIMIT $4 OFFSET $5`,
    [call.scopeId, CHANGES, RELEASE_MADE, limit, offset, NOT_CHANGES],
  );
  const rows = res.rows.map((r) => ({
    sequence: Number(r.seq),
    releaseId: r.target,
    bucketId: String(r.after?.bucketId ?? ''),
    ...(r.after?.releaseNum === undefined ? {} : { releaseNum: r.after.releaseNum }),
    createdAt: new Date(r.at).toISOString(),
  }));
  const total = res.rows[0]?.total ?? (offset > 0 ? await releasesMade(ctx, call.scopeId) : 0);
  return answerPage(call.reply, rows, offset, total);
}

async function releasesMade(ctx: Ctx, appId: string): Promise<number> {
  const res = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE app_id = $1 AND action = $2', [appId, RELEASE_MADE]);
  return Number(res.rows[0].n);
}

/** The `users/me/…` calls' behaviour. */
export const cdnMeModule: ServiceModule = {
  service: SERVICE,
  calls: (ctx): CallHandlers => ({
    'me.info': (call) => info(ctx, call),
    'me.rcache': (call) => rcache(ctx, call),
    'me.sequence': (call) => sequence(ctx, call),
    'me.genmapping': (call) => genmapping(ctx, call),
  }),
};
