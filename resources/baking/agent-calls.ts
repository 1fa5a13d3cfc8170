/**
 * The baking agents' protocol: an agent registers (a create of `agents`, with its instance type), then with the app
 * credential calls on its own record — heartbeat, claim a session, report progress, ask where to upload result
 * files, finish or fail. A claim is atomic: two agents never hold one session (ADR 0021).
 */
import type { CallDecl } from '../call-types';
import { fieldsBody, ok, recordOf } from '../call-shapes';
import type { JsonSchema } from '../types';

const onAgent = { resource: 'agents', missing: 'no such agent' } as const;
const sessionParam = { sessionId: { type: 'string', minLength: 1, maxLength: 64 } as JsonSchema };
const message: JsonSchema = { type: 'string', maxLength: 1000 };

const onSession = (name: string, summary: string, body: Partial<CallDecl>): CallDecl => ({
  method: 'POST',
  path: `/agents/:id/sessions/:sessionId/${name}`,
  caller: 'service',
  params: sessionParam,
  summary,
  answer: ok('the session', recordOf('sessions')),
  errors: [400, 401, 403, 404, 409],
  record: onAgent,
  ...body,
});

export const agentCalls: Record<string, CallDecl> = {
  'agents.heartbeat': {
    method: 'POST',
    path: '/agents/:id/heartbeat',
    caller: 'service',
    summary: "An agent's sign of life, every heartbeatSeconds it registered with; one that misses three beats (at least 60 seconds) is lost and its session queued again",
    answer: ok('the agent', recordOf('agents')),
    errors: [401, 403, 404],
    record: onAgent,
  },
  'agents.claim': {
    method: 'POST',
    path: '/agents/:id/claim',
    caller: 'service',
    summary: 'Claim a queued session of the agent’s instance type (the oldest, or the one named): it moves to Preparing with a node for the agent; `session` is null when none waits',
    optionalBody: { type: 'object', additionalProperties: false, properties: { sessionId: { type: 'string', minLength: 1, maxLength: 64 } } },
    answer: ok('the claimed session and its node', { type: 'object', required: ['session'], properties: { session: { oneOf: [recordOf('sessions'), { type: 'null' }] }, node: recordOf('nodes') } }),
    errors: [400, 401, 403, 404, 409],
    record: onAgent,
  },
  'agents.progress': onSession('progress', 'Report progress on the session the agent holds (the first report moves it to Running)', {
    body: { type: 'object', additionalProperties: false, required: ['progress'], properties: { progress: { type: 'integer', minimum: 0, maximum: 100 }, message } },
  }),
  'agents.resultUpload': onSession('results', 'A signed link to upload one result file of the session the agent holds into the blob store', {
    body: fieldsBody({
      fileName: { type: 'string', minLength: 1, maxLength: 255 },
      contentType: { type: 'string', minLength: 3, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$' },
      size: { type: 'integer', minimum: 1, maximum: 1e13 },
    }),
    answer: ok('the upload grant: PUT the bytes to url with the headers', { type: 'object', required: ['url', 'headers', 'key'], properties: { url: { type: 'string' }, headers: { type: 'object', additionalProperties: { type: 'string' } }, key: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } } }),
  }),
  'agents.finish': onSession('finish', 'The agent finished the session: it moves to Finished and the node stops (its time metered)', {
    optionalBody: { type: 'object', additionalProperties: false, properties: { message } },
  }),
  'agents.fail': onSession('fail', 'The agent failed the session: it moves to Failed with the reason and the node stops (its time metered)', {
    body: { type: 'object', additionalProperties: false, required: ['reason'], properties: { reason: { type: 'string', minLength: 1, maxLength: 1000 } } },
  }),
};
