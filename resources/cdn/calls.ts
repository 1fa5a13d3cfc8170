/**
 * Asset streaming's own calls (spec 001 §7 "CDN (separate base)"), paths exactly as the spec gives them, trailing
 * slashes included. Lists follow the service's convention: `offset` and `limit` in the query, an array answered,
 * the total in `Content-Range` (`items <first>-<last>/<total>`).
 */
import type { CallDecl } from '../call-types';
import { fieldsBody, ok, recordOf } from '../call-shapes';
import type { JsonSchema } from '../types';

/** A SHA-256 in lower-case hex: how content is addressed. */
/** A release's notes, as a release is made or promoted. */
export const RELEASE_NOTES: JsonSchema = { type: 'string', maxLength: 2000 };
export const SHA256_HEX: JsonSchema = { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the content, lower-case hex', examples: ['e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'] };
/** An MD5 in lower-case hex, computed over the content in 10 MiB chunks as the spec says (see `chunkedMd5`). */
export const MD5_HEX: JsonSchema = { type: 'string', pattern: '^[0-9a-f]{32}$' };

/** The cdn convention's paging: `offset` from 0 and `limit` up to 1000 (spec §9: default page 20). */
export const cdnPaging: Record<string, JsonSchema> = {
  offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
  limit: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
};

const listQuery = (extra: Record<string, JsonSchema> = {}, required: string[] = []): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: { ...extra, ...cdnPaging },
});

const arrayOf = (description: string, items: JsonSchema): { description: string; schema: JsonSchema } => ({ description: `${description}; the total in Content-Range`, schema: { type: 'array', items } });

/** One entry of a release: what the release froze for a path. */
export const releaseEntrySchema: JsonSchema = {
  type: 'object',
  required: ['path', 'contentHash', 'contentSize'],
  properties: { path: { type: 'string' }, contentHash: SHA256_HEX, contentMd5: MD5_HEX, contentSize: { type: 'integer' }, contentType: { type: 'string' } },
};

/** A directory's listing: its sub-directories first (`directory: true`), then its entries. */
const directoryRow: JsonSchema = {
  type: 'object',
  properties: { directory: { type: 'boolean' }, path: { type: 'string' }, entryCount: { type: 'integer', description: 'entries under a sub-directory' } },
};

const dirParam: JsonSchema = { type: 'string', maxLength: 1024, description: "the directory, e.g. 'bundles/levels' (empty: the bucket's root)" };

const uploadGrant: JsonSchema = {
  type: 'object',
  required: ['stored'],
  properties: {
    stored: { type: 'boolean', description: 'true: the content is already stored, create the entry straight away' },
    contentHash: SHA256_HEX,
    contentSize: { type: 'integer' },
    uploadUrl: { type: 'string', description: 'PUT the raw bytes here before expiresAt (signed, bound to this hash and size)' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
};

const onBucket = { resource: 'buckets', missing: 'no such bucket' } as const;

/** A fuzzy search of a bucket's or a release's entries: `q` anywhere in the path, case-insensitive, by path. */
const fuzzyCall = (path: string, what: string, row: JsonSchema): CallDecl => ({
  method: 'GET',
  path,
  caller: 'service',
  summary: `${what} whose path contains the text (case-insensitive), by path`,
  query: listQuery({ q: { type: 'string', minLength: 1, maxLength: 200 } }, ['q']),
  answer: arrayOf('matching entries', row),
  errors: [400, 401, 403, 404],
  record: onBucket,
});

export const cdnCalls: Record<string, CallDecl> = {
  'entries.uploadToken': {
    method: 'GET',
    path: '/buckets/:id/uploadtoken/:hash/',
    caller: 'service',
    summary: 'Ask to upload content by its SHA-256: already stored anywhere in the deployment, or a signed, expiring upload address bound to this hash and size',
    params: { hash: SHA256_HEX },
    query: { type: 'object', additionalProperties: false, required: ['size'], properties: { size: { type: 'integer', minimum: 0, maximum: 1e15, description: 'the content size in bytes' }, md5: MD5_HEX } },
    answer: ok('already stored, or the upload grant', uploadGrant),
    errors: [400, 401, 403, 404, 413],
    record: onBucket,
  },
  'entries.deleteMany': {
    method: 'POST',
    path: '/buckets/:id/delmultientries/',
    caller: 'service',
    summary: "Delete several of the bucket's entries at once (releases keep their content)",
    body: fieldsBody({ ids: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } } }),
    answer: ok('how many were deleted', { type: 'object', properties: { deleted: { type: 'integer' } } }),
    errors: [400, 401, 403, 404],
    record: onBucket,
  },
  'entries.byDirectory': {
    method: 'GET',
    path: '/buckets/:id/entries_by_directory/',
    caller: 'service',
    summary: 'One directory of the bucket: its sub-directories, then its entries',
    query: listQuery({ dir: dirParam }),
    answer: arrayOf('sub-directories, then entries', directoryRow),
    errors: [400, 401, 403, 404],
    record: onBucket,
  },
  'entries.deleteDirectory': {
    method: 'DELETE',
    path: '/buckets/:id/entries_by_directory/',
    caller: 'service',
    summary: 'Delete every entry under a directory (releases keep their content)',
    query: { type: 'object', additionalProperties: false, required: ['dir'], properties: { dir: { ...dirParam, minLength: 1 } } },
    answer: ok('how many were deleted', { type: 'object', properties: { deleted: { type: 'integer' } } }),
    errors: [400, 401, 403, 404],
    record: onBucket,
  },
  'entries.fuzzy': fuzzyCall('/buckets/:id/entries_by_fuzzy/', "The bucket's entries", recordOf('entries')),
  'releases.create': {
    method: 'POST',
    path: '/buckets/:id/releases/',
    caller: 'service',
    summary: "Freeze the bucket's current entries as a new release (the `latest` badge moves to it)",
    optionalBody: { ...fieldsBody({ notes: RELEASE_NOTES }), required: [] },
    status: 201,
    answer: ok('the release', recordOf('releases')),
    errors: [400, 401, 403, 404, 409],
    record: onBucket,
  },
  'releases.entries': {
    method: 'GET',
    path: '/buckets/:id/releases/:rid/entries/',
    caller: 'service',
    summary: "A release's entries, by path",
    query: listQuery(),
    answer: arrayOf("the release's entries", releaseEntrySchema),
    errors: [400, 401, 403, 404],
    record: onBucket,
  },
  'releases.fuzzy': fuzzyCall('/buckets/:id/releases/:rid/entries_by_fuzzy/', "A release's entries", releaseEntrySchema),
  'releases.byBadge': {
    method: 'GET',
    path: '/buckets/:id/release_by_badge/:badge/',
    caller: 'service',
    summary: 'The release a badge points at',
    params: { badge: { type: 'string', minLength: 1, maxLength: 64 } },
    answer: ok('the release', recordOf('releases')),
    errors: [400, 401, 403, 404],
    record: onBucket,
  },
  'badges.set': {
    method: 'PUT',
    path: '/buckets/:id/badges/',
    caller: 'service',
    summary: "Point a badge at one of the bucket's releases (created, or moved)",
    body: fieldsBody({ name: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }, releaseId: { type: 'string', minLength: 1, maxLength: 64 } }),
    answer: ok('the badge', recordOf('badges')),
    errors: [400, 401, 403, 404],
    record: onBucket,
  },
  'badges.delete': {
    method: 'DELETE',
    path: '/buckets/:id/badges/:name/',
    caller: 'service',
    summary: 'Remove a badge (`latest` cannot be removed: it follows the newest release)',
    params: { name: { type: 'string', minLength: 1, maxLength: 64 } },
    status: 204,
    answer: { description: 'removed' },
    errors: [400, 401, 403, 404, 409],
    record: onBucket,
  },
  'buckets.promote': {
    method: 'POST',
    path: '/buckets/:id/promote/',
    caller: 'service',
    summary: "Copy one of this bucket's releases into another bucket as that bucket's new release, without uploading a byte again",
    body: { ...fieldsBody({ releaseId: { type: 'string', minLength: 1, maxLength: 64 }, toBucketId: { type: 'string', minLength: 1, maxLength: 64 }, notes: RELEASE_NOTES }), required: ['releaseId', 'toBucketId'] },
    status: 201,
    answer: ok("the target bucket's new release", recordOf('releases')),
    errors: [400, 401, 403, 404, 409],
    record: onBucket,
  },
  'buckets.accessToken': {
    method: 'GET',
    path: '/buckets/:id/access-token',
    caller: 'service',
    summary: "A signed token that reads a private bucket's content until it expires (`?token=` on its content addresses)",
    query: { type: 'object', additionalProperties: false, properties: { seconds: { type: 'integer', minimum: 60, maximum: 604_800, default: 3600 } } },
    answer: ok('the token', { type: 'object', properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } } }),
    errors: [400, 401, 403, 404],
    record: onBucket,
  },
  'buckets.statistics': {
    method: 'GET',
    path: '/buckets/:id/statistics',
    caller: 'service',
    summary: "The bucket's deliveries: requests and bytes per day and the most requested entries",
    query: { type: 'object', additionalProperties: false, properties: { start: { type: 'string', format: 'date' }, end: { type: 'string', format: 'date' } } },
    answer: ok('the statistics', { type: 'object', properties: { requests: { type: 'integer' }, bytes: { type: 'integer' }, days: { type: 'array', items: { type: 'object' } }, entries: { type: 'array', items: { type: 'object' } } } }),
    errors: [400, 401, 403, 404],
    record: onBucket,
  },
  'buckets.proxyCache': {
    method: 'GET',
    path: '/buckets/:id/proxycache/',
    caller: 'service',
    summary: "What of the bucket's content this server holds in its proxy cache",
    answer: ok('the cached content', { type: 'object', properties: { entries: { type: 'integer' }, bytes: { type: 'integer' }, maxBytes: { type: 'integer' }, items: { type: 'array', items: { type: 'object' } } } }),
    errors: [401, 403, 404],
    record: onBucket,
  },
};
