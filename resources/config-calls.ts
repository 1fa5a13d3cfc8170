/**
 * Remote config's own calls (spec 001 §7), declared as data: the engine mounts them with the behaviour
 * `server/services/config/routes.ts` gives by name, and the playground offers them.
 */
import type { CallDecl } from './call-types';
import type { JsonSchema } from './types';

/** What a rule can read about the player, and the time to evaluate at. */
const contextBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['context'],
  properties: {
    context: {
      type: 'object',
      description: 'What rules can read: user (with id), app (with version), and anything else the game sends.',
      maxProperties: 50,
      properties: { user: { type: 'object', properties: { id: { type: 'string', maxLength: 200 } } }, app: { type: 'object' } },
    },
    at: { type: 'string', format: 'date-time', description: 'Evaluate as of this time (default now).' },
  },
  examples: [{ context: { user: { id: 'player-1001', country: 'CN' }, app: { version: '1.2.0', platform: 'Android' } } }],
};

const evaluationSchema: JsonSchema = {
  type: 'object',
  properties: {
    settings: { type: 'object', description: 'key → value in its type' },
    configs: { type: 'array', items: { type: 'object' } },
    overrides: { type: 'array', items: { type: 'object' } },
  },
};

const fetchSchema: JsonSchema = { type: 'object', properties: { settings: { type: 'object' }, applied: { type: 'array', items: { type: 'object' } } } };

export const configCalls: Record<string, CallDecl> = {
  'settings.simulate': {
    method: 'POST',
    path: '/settings/simulate',
    caller: 'service',
    summary: 'What a player with this context gets, and which overrides and variants applied and why',
    body: contextBody,
    answer: { description: 'the evaluation', schema: evaluationSchema },
    errors: [400, 401, 403],
  },
  'settings.fetch': {
    method: 'POST',
    path: '/settings',
    caller: 'service',
    summary: 'Player fetch: the settings for this player (app credential)',
    body: contextBody,
    answer: { description: 'settings and the overrides that applied', schema: fetchSchema },
    errors: [400, 401, 403],
  },
};
