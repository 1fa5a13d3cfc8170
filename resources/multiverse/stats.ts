/**
 * Multiverse's usage statistics (spec 001 §7: stats sum-by-game-v2, sum-v2, top-games-v2) and the console's usage
 * page drawn from them. Every figure is recorded usage: the app's totals are billing's own meters (`cpu` in
 * core-seconds, `net` in bytes), a game's are the same core-seconds kept by game as its servers are billed. Days are
 * Beijing days, as billing counts them. The behaviour is `server/services/multiverse/stats.ts`.
 */
import type { CallDecl } from '../call-types';
import { ok, topK } from '../call-shapes';
import type { JsonSchema, PageDecl, Text } from '../types';

export const STATS_ROUTE = 'multiverse/usage';

const rangeProps: Record<string, JsonSchema> = {
  start: { type: 'string', format: 'date', description: 'first day (Asia/Shanghai); default 29 days before end' },
  end: { type: 'string', format: 'date', description: 'last day; default today' },
};
const everyApp: Record<string, JsonSchema> = { all: { type: 'boolean', default: false, description: "every app's usage, not only the caller's (administrators only)" } };
const rangeQuery = (extra: Record<string, JsonSchema> = {}): JsonSchema => ({ type: 'object', additionalProperties: false, properties: { ...rangeProps, ...extra } });

const cpu: Record<string, JsonSchema> = {
  cpuCoreSeconds: { type: 'number', description: 'CPU reserved by running servers, core-seconds' },
  cpuCoreHours: { type: 'string', description: 'the same in core-hours (4 decimals), as billed' },
};
const net: Record<string, JsonSchema> = { netBytes: { type: 'number' }, netGB: { type: 'string' } };
const amount: JsonSchema = { type: 'string', description: 'at the list prices (cpu 0.28 per core-hour, net 1.2 per GB), 2 decimals' };
const game: Record<string, JsonSchema> = { gameId: { type: 'string' }, gameName: { type: 'string', description: "the game's name; empty when the game is gone" } };
const span = { start: { type: 'string' }, end: { type: 'string' } };
const list = (items: JsonSchema, description: string) => ({ type: 'array', description, items });

export const multiverseStatsCalls: Record<string, CallDecl> = {
  'stats.sumByGame': {
    method: 'GET',
    path: '/stats/sum-by-game-v2',
    caller: 'service',
    summary: "The app's CPU usage over the range by game (a test server counts to its profile's game): each game's total, and per day",
    query: rangeQuery(),
    answer: ok('usage by game', {
      type: 'object',
      required: ['start', 'end', 'games', 'daily', 'days'],
      properties: {
        ...span,
        ...cpu,
        games: list({ type: 'object', properties: { ...game, ...cpu, amount } }, 'each game with usage, most first'),
        daily: list({ type: 'object', properties: { date: { type: 'string' }, ...game, ...cpu } }, 'one item per day and game with usage'),
        days: list({ type: 'object', properties: { date: { type: 'string' } } }, 'every day of the range'),
      },
    }),
    errors: [400, 401, 403],
  },
  'stats.sum': {
    method: 'GET',
    path: '/stats/sum-v2',
    caller: 'service',
    summary: "Usage over the range as billing recorded it (CPU and traffic), in all and per day: the app's, or every app's for an administrator asking `all`",
    query: rangeQuery(everyApp),
    answer: ok('the totals', {
      type: 'object',
      required: ['start', 'end', 'items'],
      properties: { ...span, ...cpu, ...net, amount, apps: { type: 'integer', description: 'apps with usage in the range' }, items: list({ type: 'object', properties: { date: { type: 'string' }, ...cpu, ...net } }, 'every day of the range, zeros included') },
    }),
    errors: [400, 401, 403],
  },
  'stats.topGames': {
    method: 'GET',
    path: '/stats/top-games-v2',
    caller: 'service',
    summary: "The games with the most CPU usage over the range, most first: the app's, or every app's for an administrator asking `all`",
    query: rangeQuery({ ...topK, ...everyApp }),
    answer: ok('the games, most first', { type: 'object', required: ['items'], properties: { ...span, items: list({ type: 'object', properties: { appId: { type: 'string' }, ...game, ...cpu, amount } }, 'the games') } }),
    errors: [400, 401, 403],
  },
};

const noUsage: Text = { 'zh-CN': '这段时间没有服务器运行', en: 'No server ran in these days' };
const coreHours: Text = { 'zh-CN': 'CPU 核时', en: 'CPU core-hours' };

export const usagePage: PageDecl = {
  route: STATS_ROUTE,
  label: { 'zh-CN': '用量统计', en: 'Usage' },
  dashboard: {
    subtitle: {
      'zh-CN': '运行中的服务器按其配置版本预留的 CPU 计量（按核时计费），按游戏汇总（测试服务器计入其配置所属的游戏）。日期按北京时间计算。',
      en: "Servers are metered by the CPU their revision reserves while they run (billed per core-hour), summed by game (a test server counts to its profile's game). Days are Beijing days.",
    },
    days: [7, 30, 90],
    defaultDays: 30,
    sources: {
      sum: { path: '/stats/sum-v2', range: ['start', 'end'] },
      byGame: { path: '/stats/sum-by-game-v2', range: ['start', 'end'] },
      top: { path: '/stats/top-games-v2', range: ['start', 'end'], query: { k: 10 } },
    },
    figures: [
      { label: coreHours, source: 'sum', value: '{{cpuCoreHours}}' },
      { label: { 'zh-CN': '网络流量 (GB)', en: 'Traffic (GB)' }, source: 'sum', value: '{{netGB}}' },
      { label: { 'zh-CN': '按目录价计费', en: 'At list prices' }, source: 'sum', value: '{{amount|money}}' },
    ],
    blocks: [
      {
        kind: 'columns',
        label: { 'zh-CN': '每日各游戏 CPU 核秒', en: 'CPU core-seconds per day, by game' },
        source: 'byGame',
        span: 16,
        list: 'daily',
        x: 'date',
        seriesBy: 'gameName',
        value: 'cpuCoreSeconds',
        xFrom: { list: 'days', field: 'date' },
        empty: noUsage,
      },
      { kind: 'pie', label: { 'zh-CN': '各游戏占比', en: 'Share by game' }, source: 'top', span: 8, list: 'items', x: 'gameName', value: 'cpuCoreSeconds', empty: noUsage },
      {
        kind: 'table',
        name: 'topGames',
        label: { 'zh-CN': '用量最多的游戏', en: 'Games using the most' },
        source: 'top',
        span: 24,
        listKey: 'items',
        row: { type: 'object', properties: { gameName: { type: 'string', 'x-ui': { title: { 'zh-CN': '游戏', en: 'Game' } } }, cpuCoreHours: { type: 'string', 'x-ui': { title: coreHours } }, amount: { type: 'string', 'x-ui': { title: { 'zh-CN': '金额', en: 'Amount' } } } } },
        columns: ['gameName', 'cpuCoreHours', 'amount'],
        rowKey: 'gameId',
        empty: noUsage,
        paging: { mode: 'client', pageSize: 10 },
      },
    ],
  },
};
