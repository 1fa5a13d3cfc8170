/**
 * Matchmaking's own calls (spec 002 §4 "Matchmaking (/umatch/v1/apps)"): the match app's creation, ticket counts,
 * releases of tickets and backfills, ticket sums and top configs, the regions; and the calls the spec leaves to the
 * product — a player's ticket (submit, poll, cancel), the game's server's ticket, and a running server's backfill
 * ticket. The behaviour is `server/services/match/`.
 */
import type { CallDecl } from '../call-types';
import { dayRangeQuery, ok, recordOf, topK } from '../call-shapes';
import type { JsonSchema } from '../types';
import backfillSchema from '../../schemas/match/backfill.json' with { type: 'json' };
import { ticketBody, ticketCountAnswer } from './shapes';

const ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };
const ids = (what: string): JsonSchema => ({ type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: ID, description: `the ${what} to release` });
const released = ok('how many were released', { type: 'object', required: ['released'], properties: { released: { type: 'integer' }, ids: { type: 'array', items: { type: 'string' } } } });
const onApp = { appParam: 'appId', caller: 'service' } as const;

const bf = backfillSchema.properties;
const backfillBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['configId', 'openSlots'],
  properties: { configId: bf.configId, matchId: bf.matchId, serverId: bf.serverId, host: bf.host, port: bf.port, region: bf.region, openSlots: bf.openSlots, attributes: bf.attributes },
  examples: backfillSchema.examples,
};

export const matchCalls: Record<string, CallDecl> = {
  'apps.create': {
    method: 'POST',
    path: '/apps',
    caller: 'service',
    summary: "Create the app's match app (its id the app's id), or answer the one it has",
    optionalBody: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 64 } } },
    answer: ok('the match app', recordOf('apps')),
    errors: [400, 401, 403],
  },
  queryTicketCount: {
    ...onApp,
    method: 'GET',
    path: '/apps/:appId/query-ticket-count',
    summary: "The app's tickets now, by state, in all and per config",
    query: { type: 'object', additionalProperties: false, properties: { configId: ID } },
    answer: ok('the counts', ticketCountAnswer),
    errors: [400, 401, 403, 404],
  },
  releaseTickets: {
    ...onApp,
    method: 'POST',
    path: '/apps/:appId/release-tickets',
    summary: "Release waiting tickets (searching): those named, a player's, or every one of a config; they leave the queue as released",
    body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { ticketIds: ids('tickets'), playerId: { type: 'string', minLength: 1, maxLength: 128 }, configId: ID } },
    answer: released,
    errors: [400, 401, 403, 404],
  },
  releaseBackfills: {
    ...onApp,
    method: 'POST',
    path: '/apps/:appId/release-backfills',
    summary: 'Release open backfill tickets: those named, or every one of a config or a match; no more players are put in their places',
    body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { backfillIds: ids('backfill tickets'), configId: ID, matchId: ID } },
    answer: released,
    errors: [400, 401, 403, 404],
  },
  'tickets.create': {
    ...onApp,
    method: 'POST',
    path: '/apps/:appId/tickets',
    summary: "Submit a ticket for a player from the game's server: it waits (searching) until the matchmaker puts it in a match",
    body: ticketBody(true),
    status: 201,
    answer: ok('the ticket, searching', recordOf('tickets')),
    errors: [400, 401, 403, 404, 409],
  },
  'backfills.create': {
    ...onApp,
    method: 'POST',
    path: '/apps/:appId/backfills',
    summary: "A running match's backfill ticket (from its server): waiting tickets that pass the config's rules against its attributes fill its open places and are given its address",
    body: backfillBody,
    status: 201,
    answer: ok('the backfill ticket, open', recordOf('backfills')),
    errors: [400, 401, 403, 404, 409],
  },
  ticketSum: {
    method: 'GET',
    path: '/apps/ticket-sum',
    caller: 'service',
    summary: "The app's tickets submitted over a range of days, in all and per day (billed per 10,000 tickets)",
    query: dayRangeQuery(),
    answer: ok('the total and the days', { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, tickets: { type: 'integer' }, days: { type: 'array', items: { type: 'object', properties: { day: { type: 'string' }, tickets: { type: 'integer' } } } } } }),
    errors: [400, 401, 403],
  },
  ticketTopk: {
    method: 'GET',
    path: '/apps/ticket-topk',
    caller: 'service',
    summary: "The app's configs with the most tickets submitted over a range of days",
    query: dayRangeQuery(topK),
    answer: ok('the configs, most tickets first', { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { configId: { type: 'string' }, name: { type: 'string' }, tickets: { type: 'integer' } } } } } }),
    errors: [400, 401, 403],
  },
  refreshRegionsCache: {
    method: 'POST',
    path: '/apps/refresh-regions-cache',
    caller: 'service',
    summary: 'The regions matches may be made in (the regions this deployment runs servers in), read again',
    answer: ok('the regions', { type: 'object', required: ['regions'], properties: { regions: { type: 'array', items: { type: 'string' } } } }),
    errors: [401, 403],
  },
  'player.submit': {
    method: 'POST',
    path: '/tickets',
    caller: 'player',
    summary: 'Submit a ticket for the signed-in player: it waits (searching) until the matchmaker puts it in a match; poll it for the server address',
    body: ticketBody(false),
    status: 201,
    answer: ok('the ticket, searching', recordOf('tickets')),
    errors: [400, 401, 403, 404, 409],
  },
  'player.get': {
    method: 'GET',
    path: '/tickets/:ticketId',
    caller: 'player',
    summary: "One of the player's tickets: its state, and once found the match, team and the server's host and port",
    answer: ok('the ticket', recordOf('tickets')),
    errors: [401, 403, 404],
  },
  'player.release': {
    method: 'DELETE',
    path: '/tickets/:ticketId',
    caller: 'player',
    summary: "Cancel one of the player's tickets while it waits (released)",
    answer: ok('the ticket, released', recordOf('tickets')),
    errors: [401, 403, 404, 409],
  },
};
