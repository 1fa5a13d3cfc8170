/**
 * Bundle analysis (`POST /api/cdn/{bucket}/bundle-analyze`, spec 001 §7): what one release of a bucket holds — sizes
 * by directory and by type, the largest entries, content stored under several paths, and its Addressables catalog
 * read against its files. Each analysis is stored as a record of `bundle-analyses`; it goes stale 60 minutes after
 * it was made (a timed state of the declaration), and asking again then makes a new one.
 */
import { assetStreaming } from '../../../resources/asset-streaming';
import type { ServiceModule } from '../index';
import { recordOperation } from '../../audit';
import { ANALYSIS_FRESH_MINUTES, ANALYZE_PATH } from '../../../resources/cdn/analysis';
import { modelOf, type Ctx } from '../../context';
import { errorResponses, type Api } from '../../engine/api';
import { notFound } from '../../engine/errors';
import { authorizeService } from '../../engine/guard';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { advanceTimedStates } from '../../engine/timed-states';
import { readCatalog, isCatalogPath, bundleFileName, type CatalogReading } from './analysis-catalog';
import { contentStoreFor } from './content-store';
import { releaseRow, releaseRows, type ReleaseRow } from './release-rows';
import { badgesOf, LATEST, releaseIn } from './releases';

const SERVICE = assetStreaming.name;
const TOP = 50;
/** The largest catalog read whole. */
const CATALOG_MAX_BYTES = 32 * 1024 * 1024;

const analysesOf = (ctx: Ctx) => modelOf(ctx, SERVICE, 'bundle-analyses');

type Group = { entries: number; bytes: number };

function grouped(rows: ReleaseRow[], keyOf: (r: ReleaseRow) => string, name: string) {
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const g = groups.get(keyOf(r)) ?? { entries: 0, bytes: 0 };
    g.entries++;
    g.bytes += r.contentSize;
    groups.set(keyOf(r), g);
  }
  return [...groups].sort((a, b) => b[1].bytes - a[1].bytes || a[0].localeCompare(b[0])).slice(0, TOP).map(([key, g]) => ({ [name]: key, ...g }));
}

const directoryOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const extensionOf = (path: string) => {
  const file = path.slice(path.lastIndexOf('/') + 1);
  return file.includes('.') ? file.slice(file.lastIndexOf('.') + 1).toLowerCase() : '';
};

/** Content stored under several paths, most bytes wasted first. */
function duplicatesOf(rows: ReleaseRow[]) {
  const byHash = new Map<string, ReleaseRow[]>();
  for (const r of rows) byHash.set(r.contentHash, [...(byHash.get(r.contentHash) ?? []), r]);
  return [...byHash.values()]
    .filter((same) => same.length > 1)
    .map((same) => ({ contentHash: same[0].contentHash, contentSize: same[0].contentSize, paths: same.map((r) => r.path).sort(), wastedBytes: same[0].contentSize * (same.length - 1) }))
    .sort((a, b) => b.wastedBytes - a.wastedBytes || a.contentHash.localeCompare(b.contentHash));
}

/** The sections of an analysis of these rows (a release's files). */
export function analyzeRows(rows: ReleaseRow[]) {
  const duplicates = duplicatesOf(rows);
  return {
    entryCount: rows.length,
    totalBytes: rows.reduce((s, r) => s + r.contentSize, 0),
    duplicateBytes: duplicates.reduce((s, d) => s + d.wastedBytes, 0),
    directories: grouped(rows, (r) => directoryOf(r.path), 'directory'),
    types: grouped(rows, (r) => extensionOf(r.path), 'type'),
    largest: [...rows].sort((a, b) => b.contentSize - a.contentSize || a.path.localeCompare(b.path)).slice(0, 20).map(({ path, contentSize, contentType }) => ({ path, contentSize, contentType })),
    duplicates: duplicates.slice(0, TOP),
  };
}

async function readText(ctx: Ctx, blobKey: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await contentStoreFor(ctx.config).open(blobKey)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The release's catalog read, the shortest path first when it has several; null without one. */
async function catalogOf(ctx: Ctx, releaseId: string, rows: ReleaseRow[]): Promise<CatalogReading | null> {
  const found = rows.filter((r) => isCatalogPath(r.path)).sort((a, b) => a.path.length - b.path.length || a.path.localeCompare(b.path))[0];
  if (!found) return null;
  if (found.contentSize > CATALOG_MAX_BYTES) return { path: found.path, error: 'catalog too large to read' };
  const row = await releaseRow(ctx.db, releaseId, found.path);
  const sizes = new Map(rows.map((r) => [bundleFileName(r.path), r.contentSize]));
  return readCatalog(found.path, await readText(ctx, row!.blobKey), sizes);
}

/** The release the call names, or the one the bucket's `latest` badge points at. */
async function releaseOf(ctx: Ctx, appId: string, bucketId: string, releaseId?: string): Promise<Data> {
  if (releaseId) return releaseIn(ctx, appId, bucketId, releaseId);
  const latest = await records(ctx.db, badgesOf(ctx)).first(appId, { where: { bucketId, name: LATEST } });
  if (!latest) throw notFound('the bucket has no release to analyze');
  return releaseIn(ctx, appId, bucketId, String(latest.releaseId));
}

/** The release's fresh analysis, or a new one made and stored. */
export async function bundleAnalysis(ctx: Ctx, actor: string, appId: string, bucketId: string, releaseId?: string): Promise<Data> {
  await records(ctx.db, modelOf(ctx, SERVICE, 'buckets')).get(appId, bucketId, { message: 'no such bucket' });
  const release = await releaseOf(ctx, appId, bucketId, releaseId);
  const m = analysesOf(ctx);
  await advanceTimedStates(ctx, undefined, [m], { wait: true, scopeId: appId });
  const fresh = await records(ctx.db, m).first(appId, { where: { releaseId: String(release.id), status: 'fresh' }, orderBy: '-createdAt' });
  if (fresh) return fresh;
  const { rows } = await releaseRows(ctx.db, String(release.id), { offset: 0, limit: Number(release.entryCount ?? 0) + 1 });
  const now = Date.now();
  const data = {
    bucketId,
    releaseId: String(release.id),
    ...(release.releaseNum === undefined ? {} : { releaseNum: Number(release.releaseNum) }),
    analyzedAt: new Date(now).toISOString(),
    staleAt: new Date(now + ANALYSIS_FRESH_MINUTES * 60_000).toISOString(),
    ...analyzeRows(rows),
    catalog: await catalogOf(ctx, String(release.id), rows),
  };
  const made = await records(ctx.db, m).insert(appId, data, { status: 'fresh', parentId: bucketId });
  await recordOperation(ctx.db, { actor, appId, action: `${SERVICE}.${m.res.name}.create`, target: String(made.id), after: made });
  return made;
}

/** `POST /api/cdn/:id/bundle-analyze`, beside the platform's other `/api/cdn` calls. */
export function mountBundleAnalyze(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: ANALYZE_PATH,
    summary: `Analyze a release of a bucket (by default the one its latest badge points at): sizes by directory and type, the largest entries, duplicated content and its Addressables catalog; an analysis younger than ${ANALYSIS_FRESH_MINUTES} minutes is answered again, an older one is stale and made anew`,
    // With the platform's other `/api/cdn` calls (platform-routes.ts), outside the service's base.
    tag: 'statistics',
    auth: 'service',
    params: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64, description: 'the bucket' } } },
    optionalBody: { type: 'object', additionalProperties: false, properties: { releaseId: { type: 'string', minLength: 1, maxLength: 64, description: "the release (default: the bucket's latest)" } } },
    responses: { 200: { description: 'the analysis', schema: analysesOf(ctx).recordSchema }, ...errorResponses(400, 401, 403, 404) },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, SERVICE);
      const { id } = req.params as { id: string };
      const { releaseId } = (req.body ?? {}) as { releaseId?: string };
      return bundleAnalysis(ctx, principal.actor, scopeId, id, releaseId);
    },
  });
}

/** Bundle analysis, mounted beside the platform's other `/api/cdn` calls. */
export const cdnAnalysisModule: ServiceModule = { service: SERVICE, mount: mountBundleAnalyze };
