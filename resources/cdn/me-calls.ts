/**
 * The CDN's `users/me/…` calls (spec 001 §7 "User"): what the calling app sees of itself in the service. Their
 * meaning is decided in ADR 0019: who calls and the app's limits and usage (`info`), the app's share of the proxy
 * cache (`rcache`), the app's change sequence (`sequence`) and which releases were made at which of its numbers
 * (`sequence/genmapping`).
 */
import type { CallDecl } from '../call-types';
import { ok } from '../call-shapes';
import type { JsonSchema } from '../types';
import { cdnPaging } from './calls';

const int: JsonSchema = { type: 'integer', minimum: 0 };
const count = (description: string): JsonSchema => ({ ...int, description });

const info: JsonSchema = {
  type: 'object',
  required: ['appId', 'caller', 'limits', 'usage', 'traffic'],
  properties: {
    appId: { type: 'string' },
    caller: { type: 'string', description: "who calls, as the operation history names them: 'app:<appId>' (the app credential) or 'admin:<e-mail>'" },
    limits: {
      type: 'object',
      properties: {
        uploadBytes: count('the largest content one upload takes'),
        pathLength: count('the longest entry path, in characters'),
        pageSize: count('the most rows one list call answers (`limit`)'),
        modVersionFiles: count('the most files one mod version holds'),
        proxyCacheBytes: count("what this server's proxy cache holds in all, for every app"),
        proxyCacheEntryBytes: count('the largest content the proxy cache keeps'),
      },
    },
    usage: {
      type: 'object',
      properties: {
        buckets: int,
        entries: int,
        entryBytes: count("the bytes the app's entries refer to (content shared between entries counted for each)"),
        releases: int,
        badges: int,
        mods: int,
      },
    },
    traffic: {
      type: 'object',
      description: "deliveries of the app's content over the last 30 days (Asia/Shanghai days, today included)",
      properties: { start: { type: 'string', format: 'date' }, end: { type: 'string', format: 'date' }, requests: int, bytes: int },
    },
  },
};

const rcache: JsonSchema = {
  type: 'object',
  required: ['maxBytes', 'contents', 'bytes', 'buckets'],
  properties: {
    maxBytes: count("what this server's proxy cache holds in all, for every app"),
    entryMaxBytes: count('the largest content it keeps'),
    contents: count("the app's contents held (a content served from several of its buckets counted once per bucket)"),
    bytes: count('their bytes'),
    buckets: {
      type: 'array',
      description: "the app's buckets with something cached, most bytes first",
      items: { type: 'object', properties: { bucketId: { type: 'string' }, name: { type: 'string' }, contents: int, bytes: int } },
    },
  },
};

const sequence: JsonSchema = {
  type: 'object',
  required: ['sequence'],
  properties: {
    sequence: count("how many changes the app's CDN content has had: each write of a bucket, entry, release, badge or mod adds one"),
    changedAt: { type: ['string', 'null'], format: 'date-time', description: 'when the last change was made (null before the first)' },
  },
};

const mapping: JsonSchema = {
  type: 'object',
  required: ['sequence', 'releaseId', 'bucketId'],
  properties: {
    sequence: count('the change that made the release'),
    releaseId: { type: 'string' },
    bucketId: { type: 'string' },
    releaseNum: int,
    createdAt: { type: 'string', format: 'date-time' },
  },
};

const me = (path: string, summary: string, answer: ReturnType<typeof ok>, query?: JsonSchema): CallDecl => ({
  method: 'GET',
  path,
  caller: 'service',
  summary,
  ...(query ? { query } : {}),
  answer,
  errors: [400, 401, 403],
});

export const meCalls: Record<string, CallDecl> = {
  'me.info': me('/users/me/info/', "Who calls, and the app's CDN limits, usage and last 30 days' traffic", ok('the caller and the app', info)),
  'me.rcache': me('/users/me/rcache/', "The app's share of this server's proxy cache, by bucket", ok("the app's cached content", rcache)),
  'me.sequence': me('/users/me/sequence/', "The app's change sequence: how many changes its CDN content has had, and when the last was made", ok('the sequence', sequence)),
  'me.genmapping': me(
    '/users/me/sequence/genmapping/',
    "Which of the app's releases were made at which number of its change sequence, the latest first",
    { description: 'one page of releases by sequence number; the total in Content-Range', schema: { type: 'array', items: mapping } },
    { type: 'object', additionalProperties: false, properties: cdnPaging },
  ),
};
