/**
 * Where a bucket's content is delivered (spec 001 "CDN"; the spec names no address, so these are the product's):
 *
 * - `GET <base>/content/<bucketId>/badges/<badge>/<path>`: the entry at `path` in the release the badge points at
 *   now. `Cache-Control: public, max-age=60`; the answer names the release in `X-Release-Id` (and its number in
 *   `X-Release-Num`), so a client can pin it for the rest of its session.
 * - `GET <base>/content/<bucketId>/releases/<releaseId>/<path>`: the entry at `path` in that release, which never
 *   changes: `Cache-Control: public, max-age=31536000, immutable`.
 *
 * Both answer a strong `ETag` (the content's SHA-256), `Range` requests with 206, `If-None-Match` with 304. A private
 * bucket's content needs `?token=` from the bucket's `access-token` call.
 */
export const CONTENT_BADGE_PATH = '/content/:bucketId/badges/:badge/*';
export const CONTENT_RELEASE_PATH = '/content/:bucketId/releases/:releaseId/*';

/** How long a badge address may be cached (seconds): short, so moving a badge shows soon. */
export const BADGE_MAX_AGE = 60;

/** The address of an entry by badge or by release, under the service's base. */
export function contentUrl(base: string, bucketId: string, by: { badge: string } | { releaseId: string }, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return 'badge' in by
    ? `${base}/content/${encodeURIComponent(bucketId)}/badges/${encodeURIComponent(by.badge)}/${encoded}`
    : `${base}/content/${encodeURIComponent(bucketId)}/releases/${encodeURIComponent(by.releaseId)}/${encoded}`;
}
