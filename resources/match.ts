import type { ServiceDecl } from './types';
import { PER, UNITS } from './meters';
import { matchCalls } from './match/calls';
import { MATCH_DEMO } from './match/demo';
import { MATCH_ROUTES, matchResources } from './match/resources';
import { refreshTokenCall } from './refresh-token';

/** Where the app's cached credentials are dropped (the spec's `POST apps/refresh-auth-cache`). */
const REFRESH_TOKEN_PATH = '/apps/refresh-auth-cache';

export const match: ServiceDecl = {
  name: 'match',
  // The version root; match apps live at /apps under it (spec 002 §7 "Matchmaking (/umatch/v1/apps)").
  base: '/umatch/v1',
  convention: 'rest',
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'TeamOutlined',
    displayName: { 'zh-CN': '匹配服务', en: 'Matchmaking' },
    label: { 'zh-CN': '玩家匹配', en: 'Matchmaking' },
    description: {
      'zh-CN': '玩家匹配：管理匹配应用和匹配规则配置，测试规则并查看匹配票据数量。',
      en: 'Player matchmaking: match apps and match configs, rule tests and ticket counts.',
    },
    capabilities: [
      { 'zh-CN': '匹配应用与匹配配置', en: 'Match apps and match configs' },
      { 'zh-CN': '规则测试', en: 'Rule tests' },
      { 'zh-CN': '匹配请求计数', en: 'Ticket counts' },
    ],
    docPage: '/doc/matchmaking',
    pricingTag: { 'zh-CN': '按匹配请求计费', en: 'Billed by match requests' },
    mainService: false,
  },
  // Spec 002 §9 "Matchmaking 2": currency units per ten thousand match tickets.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: { ticket: '2' },
  // Spec 002 §9 gives "Matchmaking 2" without a unit: read as per 10,000 matchmaking tickets.
  meters: [{ meter: 'ticket', label: { 'zh-CN': '匹配请求', en: 'Matchmaking tickets' }, unit: UNITS.tenThousandRequests, price: 'ticket', per: PER.tenThousand }],
  // Tickets counted per minute by config and what happened to them (submitted, matched, timedOut, released).
  counters: { tickets: { grain: 'minute', keys: ['configId', 'event'], keepDays: 30 } },
  menu: [
    { route: MATCH_ROUTES.configs, label: { 'zh-CN': '匹配配置', en: 'Match configs' } },
    { route: MATCH_ROUTES.tickets, label: { 'zh-CN': '匹配票据', en: 'Tickets' } },
    { route: MATCH_ROUTES.matches, label: { 'zh-CN': '对局', en: 'Matches' } },
    { route: MATCH_ROUTES.backfills, label: { 'zh-CN': '补位票据', en: 'Backfill tickets' } },
  ],
  resources: matchResources,
  calls: { ...matchCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
  demo: MATCH_DEMO,
};
