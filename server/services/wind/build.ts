import { buffer } from 'node:stream/consumers';
import { zipSync } from 'fflate';
import { assetStreaming } from '../../../resources/asset-streaming';
import { modelOf, type Ctx } from '../../context';
import { notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import { contentStoreFor } from '../cdn/content-store';
import { releaseRow, releaseRows } from '../cdn/release-rows';
import type { PackageFile } from './package-check';

/** The most files a build may hold (a mini-game package has hundreds at most). */
const MOST_FILES = 20_000;

/** A build to publish: a release of one of the app's asset streaming buckets. */
export interface Build {
  releaseId: string;
  files: PackageFile[];
}

/** The release's files, when it is a release of that bucket of the app (404 otherwise). */
export async function buildOf(ctx: Ctx, appId: string, bucketId: string, releaseId: string): Promise<Build> {
  const release = await records(ctx.db, modelOf(ctx, assetStreaming.name, 'releases')).maybe(appId, releaseId);
  if (!release || release.bucketId !== bucketId) throw notFound('no such release');
  const { rows } = await releaseRows(ctx.db, releaseId, { offset: 0, limit: MOST_FILES });
  return { releaseId, files: rows.map((r) => ({ path: r.path, size: r.contentSize })) };
}

/** One file's bytes as the release holds it, or undefined when the release has no such path. */
export async function fileOf(ctx: Ctx, build: Build, path: string): Promise<Buffer | undefined> {
  const row = await releaseRow(ctx.db, build.releaseId, path);
  return row && buffer(await contentStoreFor(ctx.config).open(row.blobKey));
}

/** The build as one zip, each file at its path. */
export async function zipOf(ctx: Ctx, build: Build): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const f of build.files) files[f.path] = (await fileOf(ctx, build, f.path)) ?? new Uint8Array();
  return zipSync(files);
}
