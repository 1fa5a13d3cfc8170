import type { DashboardDecl, JsonSchema, Text } from '../types';
import resourceSchema from '../../schemas/passport/economy/resource.json' with { type: 'json' };

/**
 * Passport's dashboards (`PageDecl.dashboard`): the economy's and the players' figures over the days chosen
 * (spec 002 §9: 7, 30 or 90 Beijing days), read from the areas' metrics calls.
 */

const DAYS = [7, 30, 90];
const title = (zh: string, en: string) => ({ title: { 'zh-CN': zh, en } });
const count = (zh: string, en: string): JsonSchema => ({ type: 'integer', 'x-ui': { ...title(zh, en), align: 'right' } });
const noTransactions: Text = { 'zh-CN': '所选时间内还没有交易', en: 'No transactions in this period yet' };
const noCalls: Text = { 'zh-CN': '所选时间内没有玩家请求', en: 'No player calls during this period' };

/** A product's purchases and revenue (`GET /transactions/metrics` → `topProducts`). */
const topProduct: JsonSchema = {
  type: 'object',
  properties: {
    productName: { type: 'string', 'x-ui': title('商品', 'Product') },
    purchases: count('次数', 'Purchases'),
    revenue: {
      type: 'array',
      items: { type: 'object', 'x-ui': { summary: ['{{amount|money}} {{currencyCode}}'] } },
      'x-ui': { ...title('收入', 'Revenue'), align: 'right' },
    },
  },
};

/** A resource personas hold (`GET /inventory/metrics` → `resources`). */
const heldResource: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', 'x-ui': title('资源', 'Resource') },
    resource: { type: 'string', 'x-ui': { ...title('标识', 'Slug'), widget: 'code' } },
    type: { ...resourceSchema.properties.type, 'x-ui': { ...resourceSchema.properties.type['x-ui'], help: undefined } },
    holders: count('持有角色数', 'Personas holding it'),
    total: { type: 'string', 'x-ui': { ...title('持有总量', 'Total held'), align: 'right' } },
  },
};

/** An operation's or a player's calls (`GET /metrics/topk` → `items`); a player's name opens the player's page. */
const topCalls = (by: 'operation' | 'player'): JsonSchema => ({
  type: 'object',
  properties: {
    key: {
      type: 'string',
      'x-ui': by === 'operation' ? { ...title('接口', 'Operation'), widget: 'code' } : { ...title('玩家 ID', 'Player id'), widget: 'code' },
    },
    name: { type: 'string', 'x-ui': { ...title('玩家', 'Player'), link: { resource: 'users', idField: 'key' } } },
    calls: count('调用次数', 'Calls'),
  },
});

/** `passport/economy/metrics`: purchases and revenue per day, purchases by state, top products, what personas hold. */
export function economyDashboard(statuses: Record<string, { label: Text }>): DashboardDecl {
  return {
    subtitle: {
      'zh-CN': '已付款的购买、真实货币收入和热门商品（按北京时间统计），以及玩家背包里的资源。',
      en: 'Paid purchases, real-money revenue and top products (Beijing days), and the resources players hold.',
    },
    days: DAYS,
    defaultDays: 30,
    sources: {
      transactions: { path: '/transactions/metrics', range: ['from', 'to'] },
      inventory: { path: '/inventory/metrics' },
    },
    figures: [
      { label: { 'zh-CN': '购买次数', en: 'Purchases' }, source: 'transactions', value: '{{totals.purchases}}' },
      { label: { 'zh-CN': '真实货币购买', en: 'Real-money purchases' }, source: 'transactions', value: '{{totals.realMoney}}' },
      { label: { 'zh-CN': '虚拟货币购买', en: 'Virtual purchases' }, source: 'transactions', value: '{{totals.virtual}}' },
      { label: { 'zh-CN': '收入', en: 'Revenue' }, source: 'transactions', each: 'totals.revenue', value: '{{amount|money}} {{currencyCode}}' },
    ],
    blocks: [
      {
        kind: 'columns',
        label: { 'zh-CN': '每日购买', en: 'Purchases per day' },
        source: 'transactions',
        span: 12,
        list: 'daily',
        x: 'date',
        series: [
          { field: 'realMoney', label: { 'zh-CN': '真实货币购买', en: 'Real-money purchases' } },
          { field: 'virtual', label: { 'zh-CN': '虚拟货币购买', en: 'Virtual purchases' } },
        ],
        empty: noTransactions,
      },
      {
        kind: 'columns',
        label: { 'zh-CN': '每日收入', en: 'Revenue per day' },
        source: 'transactions',
        span: 12,
        list: 'dailyRevenue',
        x: 'date',
        seriesBy: 'currencyCode',
        value: 'amount',
        xFrom: { list: 'daily', field: 'date' },
        format: 'money',
        empty: noTransactions,
      },
      {
        kind: 'table',
        name: 'topProducts',
        label: { 'zh-CN': '热门商品', en: 'Top products' },
        source: 'transactions',
        span: 14,
        listKey: 'topProducts',
        row: topProduct,
        columns: ['productName', 'purchases', 'revenue'],
        rowKey: 'productId',
        empty: noTransactions,
        paging: { mode: 'client', pageSize: 10 },
      },
      {
        kind: 'pie',
        label: { 'zh-CN': '交易状态分布', en: 'Transactions by status' },
        source: 'transactions',
        span: 10,
        list: 'byStatus',
        x: 'status',
        value: 'count',
        labels: statuses,
        empty: noTransactions,
      },
      {
        kind: 'table',
        name: 'inventory',
        label: { 'zh-CN': '背包资源', en: 'Held resources' },
        source: 'inventory',
        span: 24,
        summary: { 'zh-CN': '{{personas}} 个角色共持有 {{entries}} 个背包条目', en: '{{personas}} personas hold {{entries}} inventory entries' },
        listKey: 'resources',
        row: heldResource,
        columns: ['name', 'resource', 'type', 'holders', 'total'],
        rowKey: 'resource',
        empty: { 'zh-CN': '还没有角色持有任何资源', en: 'No persona holds anything yet' },
        paging: { mode: 'client', pageSize: 10 },
      },
    ],
  };
}

/** `passport/account/metrics`: DAU (HyperLogLog), new users and sign-ins per day; top operations and players; the limit now. */
export const playersDashboard: DashboardDecl = {
  subtitle: {
    'zh-CN': '日活（HyperLogLog 估算）、新增用户、登录次数，以及玩家请求的调用量与限额。日期按北京时间计算。',
    en: "Daily active players (a HyperLogLog estimate), new users, sign-ins, and the players' calls against the limit. Days are Beijing days.",
  },
  days: DAYS,
  defaultDays: 7,
  sources: {
    aggregation: { path: '/metrics/aggregation', range: ['start', 'end'] },
    operations: { path: '/metrics/topk', range: ['start', 'end'], query: { by: 'operation', k: 10 } },
    players: { path: '/metrics/topk', range: ['start', 'end'], query: { by: 'player', k: 10 } },
    usage: { path: '/rate-limit/usage' },
  },
  figures: [
    { label: { 'zh-CN': '活跃玩家（去重估算）', en: 'Active players (distinct, estimated)' }, source: 'aggregation', value: '{{totals.activeUsers}}' },
    { label: { 'zh-CN': '新增用户', en: 'New users' }, source: 'aggregation', value: '{{totals.newUsers}}' },
    { label: { 'zh-CN': '登录次数', en: 'Sign-ins' }, source: 'aggregation', value: '{{totals.signIns}}' },
    {
      label: { 'zh-CN': '本分钟玩家请求', en: 'Player calls this minute' },
      source: 'usage',
      value: '{{calls}} / {{limit}}',
      note: { when: 'refused', text: { 'zh-CN': '已拒绝 {{refused}} 次（429）', en: '{{refused}} refused (429)' } },
      link: { route: 'passport/settings', search: '?tab=rateLimit', label: { 'zh-CN': '调整限额', en: 'Change the limit' } },
    },
  ],
  blocks: [
    {
      kind: 'line',
      label: { 'zh-CN': '每日趋势', en: 'Per day' },
      source: 'aggregation',
      span: 24,
      list: 'days',
      x: 'day',
      series: [
        { field: 'dau', label: { 'zh-CN': '日活', en: 'DAU' } },
        { field: 'newUsers', label: { 'zh-CN': '新增用户', en: 'New users' } },
        { field: 'signIns', label: { 'zh-CN': '登录次数', en: 'Sign-ins' } },
      ],
      empty: { 'zh-CN': '所选时间内还没有玩家登录', en: 'No player signed in during this period' },
    },
    {
      kind: 'table',
      name: 'topOperations',
      label: { 'zh-CN': '调用最多的接口', en: 'Most called operations' },
      source: 'operations',
      span: 12,
      listKey: 'items',
      row: topCalls('operation'),
      columns: ['key', 'calls'],
      rowKey: 'key',
      empty: noCalls,
      paging: { mode: 'client', pageSize: 10 },
    },
    {
      kind: 'table',
      name: 'topPlayers',
      label: { 'zh-CN': '调用最多的玩家', en: 'Most active players' },
      source: 'players',
      span: 12,
      listKey: 'items',
      row: topCalls('player'),
      columns: ['name', 'key', 'calls'],
      rowKey: 'key',
      empty: noCalls,
      paging: { mode: 'client', pageSize: 10 },
    },
  ],
};
