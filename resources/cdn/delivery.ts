/**
 * Where a bucket's content is delivered (spec 001 "CDN"; the spec names no address, so these are the product's):
 *
 * - `GET <base>/content/<bucketId>/badges/<badge>/<path>`: the entry at `path` in the release the badge points at
 *   now. `Cache-Control: public, max-age=60`; the answer names the release in `X-Release-Id` (and its number in
 *   `X-Release-Num`), so a client can pin it for the rest of its session.
 * - `GET <base>/content/<bucketId>/releases/<releaseId>/<path>`: the entry at `path` in that release, which never
 *   changes: `Cache-Control: public, max-age=31536000, immutable`.
 *
 * - `GET <base>/content/mods/<modId>/versions/<v>/<path>`: a file of version `v` of a mod. The current version of an
 *   approved mod (state `success`) is public, `Cache-Control: public, max-age=60` (a mod taken down stops soon);
 *   any version of a mod in any state is served only to its author (the player's passport token) and to the app's
 *   console (the service credential), `Cache-Control: private, no-store`; to others it is not found.
 *
 * All answer a strong `ETag` (the content's SHA-256), `Range` requests with 206, `If-None-Match` with 304. A private
 * bucket's content needs `?token=` from the bucket's `access-token` call.
 */
export const CONTENT_BADGE_PATH = '/content/:bucketId/badges/:badge/*';
export const CONTENT_RELEASE_PATH = '/content/:bucketId/releases/:releaseId/*';
export const CONTENT_MOD_PATH = '/content/mods/:modId/versions/:v/*';

/** How long a badge address may be cached (seconds): short, so moving a badge shows soon. */
export const BADGE_MAX_AGE = 60;

const encodedPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The address of an entry by badge or by release, under the service's base. */
export function contentUrl(base: string, bucketId: string, by: { badge: string } | { releaseId: string }, path: string): string {
  return 'badge' in by
    ? `${base}/content/${encodeURIComponent(bucketId)}/badges/${encodeURIComponent(by.badge)}/${encodedPath(path)}`
    : `${base}/content/${encodeURIComponent(bucketId)}/releases/${encodeURIComponent(by.releaseId)}/${encodedPath(path)}`;
}

/** The address of a file of a mod's version, under the service's base. */
export const modContentUrl = (base: string, modId: string, v: number, path: string): string =>
  `${base}/content/mods/${encodeURIComponent(modId)}/versions/${v}/${encodedPath(path)}`;
