/**
 * UPR's calls (spec 001 §7 "Device, UPR, Wind (platform API)": `GET /api/upr/{id}` and `/api/upr/{id}/sessions`, the
 * id being the app's), and the game's report of a profiling session: with the app credential, or from the game
 * client with a passport player token (`/api/upr/sdk/sessions`).
 */
import type { CallDecl } from '../call-types';
import { listAnswer, ok, pageQuery, recordOf } from '../call-shapes';
import type { JsonSchema } from '../types';
import sessionSchema from '../../schemas/upr/session.json' with { type: 'json' };
import { UPR_LIMITS } from './limits';

const ms: JsonSchema = { type: 'number', minimum: 0, maximum: UPR_LIMITS.longestMs };

/** One sample: when (milliseconds since the session started), how long the frame took, memory in use, GC time in it. */
export const sampleSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['t', 'frameMs'],
  properties: {
    t: { type: 'integer', minimum: 0, maximum: 86_400_000, description: 'milliseconds since the session started' },
    frameMs: { ...ms, exclusiveMinimum: 0, description: "the frame's time in milliseconds" },
    memoryMb: { type: 'number', minimum: 0, maximum: UPR_LIMITS.largestMemoryMb, description: 'memory in use, in megabytes' },
    gcMs: { ...ms, description: 'time spent collecting garbage during the frame (0 when none ran)' },
  },
};

const fields = sessionSchema.properties;

/** A report: a new session's description with its first samples, or more samples of a session reported before. */
export const reportBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['samples'],
  properties: {
    sessionId: { type: 'string', minLength: 1, maxLength: 64, description: 'a session reported before, to add these samples to (the others are then ignored)' },
    name: fields.name,
    device: fields.device,
    platform: fields.platform,
    appVersion: fields.appVersion,
    scene: fields.scene,
    samples: { type: 'array', minItems: 1, maxItems: UPR_LIMITS.samplesPerReport, items: sampleSchema },
  },
  examples: [
    {
      name: 'Forest level benchmark',
      device: 'Pixel 7',
      platform: 'Android',
      appVersion: '1.4.0',
      samples: [
        { t: 0, frameMs: 16.4, memoryMb: 812, gcMs: 0 },
        { t: 17, frameMs: 16.9, memoryMb: 813, gcMs: 0 },
        { t: 34, frameMs: 41.2, memoryMb: 790, gcMs: 22.5 },
      ],
    },
  ],
};

const report = (caller: 'service' | 'player', path: string, who: string): CallDecl => ({
  method: 'POST',
  path,
  caller,
  summary: `Report a profiling session's samples (${who}): a new session, or more samples of one reported before; answers the session's summary`,
  body: reportBody,
  answer: ok("the session with its summary (frame time percentiles, FPS, memory peak, GC), without its samples", recordOf('sessions')),
  status: 201,
  errors: caller === 'service' ? [400, 401, 403, 404] : [400, 401, 403, 404, 423],
});

/** The app's profiling at a glance, and the bounds its reports are held to. */
const overviewSchema: JsonSchema = {
  type: 'object',
  required: ['appId', 'sessionCount', 'sampleCount', 'limits'],
  properties: {
    appId: { type: 'string' },
    sessionCount: { type: 'integer' },
    sampleCount: { type: 'integer', description: 'samples kept over every session' },
    lastReportedAt: { type: ['string', 'null'], format: 'date-time' },
    limits: {
      type: 'object',
      properties: { samplesPerReport: { type: 'integer' }, samplesPerSession: { type: 'integer' } },
    },
  },
};

export const uprCalls: Record<string, CallDecl> = {
  overview: {
    method: 'GET',
    path: '/:id',
    caller: 'service',
    appParam: 'id',
    summary: "The app's profiling (id: the app id): sessions and samples kept, the last report, and the bounds of a report",
    answer: ok('the overview', overviewSchema),
    errors: [401, 403, 404],
  },
  sessions: {
    method: 'GET',
    path: '/:id/sessions',
    caller: 'service',
    appParam: 'id',
    summary: "The app's profiling sessions (id: the app id), newest first, each with its summary but not its samples",
    query: pageQuery({ platform: fields.platform, q: { type: 'string', minLength: 1, maxLength: 100, description: 'part of the name, device or scene' } }),
    answer: listAnswer('sessions', recordOf('sessions')),
    errors: [400, 401, 403, 404],
  },
  'sessions.report': report('service', '/sessions/report', "the game's server, with the app credential"),
  'sdk.report': report('player', '/sessions', 'the game client, with a passport player token'),
};
