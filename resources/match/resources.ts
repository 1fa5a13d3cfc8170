/**
 * Matchmaking's records (spec 002 §3 "match app, match config, ticket"; §4 "Matchmaking (/umatch/v1/apps)"): the app's
 * match app (its id the app's id, made by `POST /apps`), and under it the configs, the tickets players submit, the
 * matches the matchmaker formed and the backfill tickets of running matches. The matchmaker is `server/services/match/`.
 */
import type { AccessDecl, JsonSchema, ResourceDecl } from '../types';
import appSchema from '../../schemas/match/app.json' with { type: 'json' };
import configSchema from '../../schemas/match/config.json' with { type: 'json' };
import ticketSchema from '../../schemas/match/ticket.json' with { type: 'json' };
import matchSchema from '../../schemas/match/match.json' with { type: 'json' };
import backfillSchema from '../../schemas/match/backfill.json' with { type: 'json' };
import { configTestAnswer, configTestBody, ticketsCountMetricsAnswer } from './shapes';

/**
 * The console's routes (spec 002 §2: `match` and `match/{configId}`); the tickets, matches and backfills beside them.
 * Multiverse and Sync show the configs of their own games and rooms at theirs (`MATCH_BORROWED_ROUTES`).
 */
export const MATCH_ROUTES = {
  configs: 'match',
  config: 'match/:configId',
  tickets: 'match/tickets',
  ticket: 'match/tickets/:ticketId',
  matches: 'match/matches',
  match: 'match/matches/:matchId',
  backfills: 'match/backfills',
  backfill: 'match/backfills/:backfillId',
} as const;

/** Spec 001 §2: Multiverse's `match` and Sync's `match` screens, the match configs on a game, in a room. */
export const MATCH_BORROWED_ROUTES = {
  multiverse: { list: 'multiverse/match', show: 'multiverse/match/:configId' },
  usync: { list: 'sync/match', show: 'sync/match/:configId' },
} as const;

const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });

/** Under the app's match app (its id the app's id): `/apps/:appId/<path>`. */
const underApp = { resource: 'apps', param: 'appId', field: 'appId', onDelete: 'cascade', ofApp: true } as const;
const appIdField: JsonSchema = { type: 'string', readOnly: true, 'x-ui': { title: { 'zh-CN': '应用', en: 'App' }, hideInList: true, hideInDetail: true } };
const withApp = (schema: JsonSchema): JsonSchema => ({ ...schema, properties: { ...(schema.properties as Record<string, JsonSchema>), appId: appIdField } });

export const TICKET_STATES = {
  searching: { color: 'processing', label: { 'zh-CN': '匹配中', en: 'Searching' } },
  matched: { color: 'blue', label: { 'zh-CN': '已匹配', en: 'Matched' } },
  found: { color: 'green', label: { 'zh-CN': '已分配服务器', en: 'Found' } },
  released: { color: 'default', label: { 'zh-CN': '已释放', en: 'Released' } },
  timeout: { color: 'orange', label: { 'zh-CN': '超时', en: 'Timed out' } },
} as const;

export const matchApps: ResourceDecl = {
  name: 'apps',
  label: { 'zh-CN': '匹配应用', en: 'Match app' },
  singular: { 'zh-CN': '匹配应用', en: 'match app' },
  schema: appSchema,
  path: '/apps',
  idField: 'id',
  idParam: 'appId',
  titleField: 'name',
  scope: 'app',
  // Made by `POST /apps` (its id the app's id); read and deleted with everything under it.
  operations: ['show', 'delete'],
  list: { columns: ['name', 'enabledAt'] },
  readOnly: ['enabledAt'],
  access: access(),
};

export const matchConfigs: ResourceDecl = {
  name: 'configs',
  label: { 'zh-CN': '匹配配置', en: 'Match configs' },
  singular: { 'zh-CN': '匹配配置', en: 'match config' },
  schema: withApp(configSchema),
  path: '/configs',
  idField: 'id',
  idParam: 'configId',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'show', 'create', 'update', 'delete'],
  parent: underApp,
  unique: ['name'],
  list: {
    columns: ['name', 'enabled', 'teams', 'regions', 'gameId', 'syncProfileId', 'timeoutSeconds', 'backfill', 'updatedAt'],
    filters: ['enabled', 'gameId', 'syncProfileId'],
    // Multiverse's and Sync's screens of the configs that play on a game server or in a room (`borrowed` there).
    has: ['gameId', 'syncProfileId'],
    search: ['name'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  commands: [
    {
      name: 'test',
      label: { 'zh-CN': '规则测试', en: 'Test the rules' },
      on: 'item',
      method: 'POST',
      path: '/test',
      fields: configTestBody,
      answer: configTestAnswer,
      api: { summary: "A dry run of the config: tickets generated (count, arrival, attribute and region distributions) are matched tick by tick by the matchmaker's own code, nothing stored; answers the match rate, the waiting-time distribution and the teams' balance", answer: { description: 'the report', schema: configTestAnswer }, errors: [400, 401, 403, 404] },
    },
  ],
  details: [
    {
      name: 'ticketsCountMetrics',
      label: { 'zh-CN': '票据数量', en: 'Ticket counts' },
      path: '/tickets-count-metrics',
      answer: ticketsCountMetricsAnswer,
      fields: ['waiting', 'submitted', 'matched', 'timedOut', 'released'],
      api: { summary: "The config's tickets waiting now, and per minute over the last hour those submitted, matched, timed out and released", query: { type: 'object', additionalProperties: false, properties: { minutes: { type: 'integer', minimum: 1, maximum: 1440, default: 60 } } } },
    },
  ],
  // The rule test with its charts (`src/pages/match`).
  panels: ['matchConfigTest'],
  children: [
    { resource: 'tickets', field: 'configId' },
    { resource: 'matches', field: 'configId' },
    { resource: 'backfills', field: 'configId' },
  ],
  routes: { list: MATCH_ROUTES.configs, show: MATCH_ROUTES.config },
  access: access(),
};

/** A record of the matchmaker's (read, never written by a caller), listed under the match app with its config named. */
const matchmakerRecords = (decl: Pick<ResourceDecl, 'name' | 'label' | 'singular' | 'schema' | 'path' | 'idParam' | 'titleField' | 'list' | 'status' | 'routes'> & { ownTable?: true }): ResourceDecl => ({
  ...decl,
  schema: withApp(decl.schema),
  idField: 'id',
  scope: 'app',
  operations: ['list', 'show'],
  parent: underApp,
  references: [{ field: 'configId', resource: 'configs', onDelete: 'cascade' }],
  access: access(),
});

// Submitted by a player (`/sdk/tickets`) or the game's server (`POST /apps/{appId}/tickets`); moved by the matchmaker.
export const matchTickets = matchmakerRecords({
  name: 'tickets',
  label: { 'zh-CN': '匹配票据', en: 'Tickets' },
  singular: { 'zh-CN': '匹配票据', en: 'ticket' },
  schema: ticketSchema,
  path: '/tickets',
  idParam: 'ticketId',
  titleField: 'playerId',
  ownTable: true,
  list: { columns: ['playerId', 'configId', 'status', 'team', 'region', 'host', 'port', 'waitSeconds', 'createdAt'], filters: ['status', 'configId', 'playerId', 'matchId'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  status: { field: 'status', initial: 'searching', watch: ['searching', 'matched'], values: TICKET_STATES },
  routes: { list: MATCH_ROUTES.tickets, show: MATCH_ROUTES.ticket },
});

export const matchMatches = matchmakerRecords({
  name: 'matches',
  label: { 'zh-CN': '对局', en: 'Matches' },
  singular: { 'zh-CN': '对局', en: 'match' },
  schema: matchSchema,
  path: '/matches',
  idParam: 'matchId',
  titleField: 'id',
  ownTable: true,
  list: { columns: ['configId', 'status', 'region', 'players', 'balance', 'maxWaitSeconds', 'host', 'port', 'createdAt'], filters: ['status', 'configId', 'region'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  status: {
    field: 'status',
    initial: 'allocating',
    watch: ['allocating'],
    values: {
      allocating: { color: 'processing', label: { 'zh-CN': '分配服务器中', en: 'Allocating' } },
      ready: { color: 'green', label: { 'zh-CN': '服务器就绪', en: 'Server ready' } },
      formed: { color: 'blue', label: { 'zh-CN': '已组成（无服务器）', en: 'Formed (no server)' } },
      failed: { color: 'red', label: { 'zh-CN': '分配失败', en: 'Allocation failed' } },
    },
  },
  routes: { list: MATCH_ROUTES.matches, show: MATCH_ROUTES.match },
});

// Made by a running server's `POST /apps/{appId}/backfills`; released by `release-backfills`.
export const matchBackfills = matchmakerRecords({
  name: 'backfills',
  label: { 'zh-CN': '补位票据', en: 'Backfill tickets' },
  singular: { 'zh-CN': '补位票据', en: 'backfill ticket' },
  schema: backfillSchema,
  path: '/backfills',
  idParam: 'backfillId',
  titleField: 'id',
  list: { columns: ['configId', 'status', 'region', 'openSlots', 'host', 'port', 'createdAt'], filters: ['status', 'configId'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  status: {
    field: 'status',
    initial: 'open',
    watch: ['open'],
    values: {
      open: { color: 'processing', label: { 'zh-CN': '补位中', en: 'Open' } },
      filled: { color: 'green', label: { 'zh-CN': '已补满', en: 'Filled' } },
      released: { color: 'default', label: { 'zh-CN': '已释放', en: 'Released' } },
    },
  },
  routes: { list: MATCH_ROUTES.backfills, show: MATCH_ROUTES.backfill },
});

export const matchResources: ResourceDecl[] = [matchApps, matchConfigs, matchTickets, matchMatches, matchBackfills];
