/**
 * Metrics' receiver calls (spec 002 §7 "Metrics (/umetrics/receive/service)"): the app's information as the metrics
 * dashboard reads it (what the app shares, from the services' declarations), and dropping what the receiver cached
 * of it. Made from the console with the signed-in user's credential: a user sees an app's shared metrics only when
 * bound to a role by `POST /api/metrics/bind-user-roles`, or as an owner or admin of its organisation.
 */
import type { CallDecl } from '../call-types';
import { ok } from '../call-shapes';
import type { JsonSchema } from '../types';

const shared: JsonSchema = {
  type: 'object',
  properties: {
    service: { type: 'string' },
    meters: { type: 'array', items: { type: 'object', properties: { meter: { type: 'string' }, quantity: { type: 'number', description: 'over the last 30 days' } } } },
  },
};

export const appInfoSchema: JsonSchema = {
  type: 'object',
  required: ['appId', 'shared', 'viewers'],
  properties: {
    appId: { type: 'string' },
    projectName: { type: 'string' },
    organizationId: { type: 'string' },
    shared: { type: 'array', items: shared, description: 'each enabled service with a meter, and its usage over the last 30 days' },
    viewers: { type: 'integer', description: 'members bound to a viewing role' },
    computedAt: { type: 'string', format: 'date-time', description: 'when the receiver worked it out (answers are cached until cleared)' },
  },
};

export const metricsCalls: Record<string, CallDecl> = {
  'app-info': {
    method: 'GET',
    path: '/receive/service/app-info',
    caller: 'service',
    summary: "What the app shares with the metrics dashboard: its services with meters and their last 30 days, and how many members may see them (cached until cleared)",
    answer: ok('the app information', appInfoSchema),
    errors: [401, 403],
  },
  'clear-cache': {
    method: 'POST',
    path: '/receive/service/clear-cache',
    caller: 'service',
    summary: "Drop what the receiver cached of the app's information, so the next read works it out again (a user needs the analyst role)",
    answer: ok('whether anything was cached', { type: 'object', properties: { cleared: { type: 'boolean' } } }),
    errors: [401, 403],
  },
};
