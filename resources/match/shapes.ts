/**
 * Request and answer shapes of Matchmaking's calls: a ticket's submission, the rule test's input and report, and the
 * ticket counts. Read by the declaration, the server and the console's rule-test panel.
 */
import type { JsonSchema, Text } from '../types';
import ticketSchema from '../../schemas/match/ticket.json' with { type: 'json' };

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const titled = (schema: JsonSchema, zh: string, en: string): JsonSchema => ({ ...schema, 'x-ui': { title: t(zh, en) } });
const NAME: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' };
const props = ticketSchema.properties;

/** What a ticket is submitted with (the player's id is the signed-in player's, or given by the game's server). */
export const ticketBody = (withPlayer: boolean): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: withPlayer ? ['configId', 'playerId'] : ['configId'],
  properties: {
    configId: props.configId,
    ...(withPlayer ? { playerId: { ...props.playerId, minLength: 1 } } : {}),
    attributes: props.attributes,
    regions: props.regions,
  },
  examples: [{ configId: 'demo-duel', ...(withPlayer ? { playerId: 'player-1' } : {}), attributes: { skill: 1500 }, regions: ['local'] }],
});

/** One generated attribute of the rule test: numbers from a normal or uniform distribution, or values by weight. */
const generatedAttribute: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'distribution'],
  properties: {
    name: titled(NAME, '属性', 'Attribute'),
    distribution: { type: 'string', enum: ['normal', 'uniform', 'values'], 'x-ui': { title: t('分布', 'Distribution'), enumNames: { 'zh-CN': ['正态', '均匀', '按权重取值'], en: ['Normal', 'Uniform', 'Values by weight'] } } },
    mean: titled({ type: 'number', minimum: -1e9, maximum: 1e9 }, '均值', 'Mean'),
    sd: titled({ type: 'number', minimum: 0, maximum: 1e9 }, '标准差', 'Standard deviation'),
    min: titled({ type: 'number', minimum: -1e9, maximum: 1e9 }, '最小值', 'Least'),
    max: titled({ type: 'number', minimum: -1e9, maximum: 1e9 }, '最大值', 'Greatest'),
    values: {
      type: 'array',
      maxItems: 20,
      items: { type: 'object', additionalProperties: false, required: ['value', 'weight'], properties: { value: titled({ type: 'string', maxLength: 64 }, '取值', 'Value'), weight: titled({ type: 'number', minimum: 0, maximum: 1e6 }, '权重', 'Weight') } },
      'x-ui': { title: t('取值与权重', 'Values and weights') },
    },
  },
};

export const configTestBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tickets'],
  properties: {
    tickets: titled({ type: 'integer', minimum: 2, maximum: 20000, default: 200, description: 'how many tickets are generated' }, '票据数', 'Tickets'),
    arrivalSeconds: titled({ type: 'integer', minimum: 0, maximum: 3600, default: 60, description: 'the tickets arrive evenly spread over this time' }, '到达时长（秒）', 'Arriving over (s)'),
    tickSeconds: titled({ type: 'number', minimum: 0.1, maximum: 60, default: 1, description: 'the matchmaker runs every this many seconds' }, '匹配间隔（秒）', 'Tick (s)'),
    attributes: { type: 'array', maxItems: 16, default: [], items: generatedAttribute, description: 'how each ticket attribute is drawn', 'x-ui': { title: t('属性分布', 'Attribute distributions') } },
    regions: {
      type: 'array',
      maxItems: 16,
      items: { type: 'object', additionalProperties: false, required: ['name', 'weight'], properties: { name: titled({ type: 'string', minLength: 1, maxLength: 64 }, '地域', 'Region'), weight: titled({ type: 'number', minimum: 0, maximum: 1e6 }, '权重', 'Weight') } },
      description: "the share of tickets accepting only each region (default: every ticket accepts all the config's regions)",
      'x-ui': { title: t('地域分布', 'Region shares') },
    },
    seed: titled({ type: 'integer', minimum: 0, maximum: 2147483647, default: 1, description: 'the same seed draws the same tickets' }, '随机种子', 'Seed'),
  },
  examples: [{ tickets: 200, arrivalSeconds: 60, tickSeconds: 1, attributes: [{ name: 'skill', distribution: 'normal', mean: 1500, sd: 300 }], seed: 7 }],
};

const n = (zh: string, en: string): JsonSchema => titled({ type: 'number' }, zh, en);
const bucket: JsonSchema = { type: 'object', properties: { from: { type: 'number' }, to: { type: 'number' }, tickets: { type: 'integer' } } };

export const configTestAnswer: JsonSchema = {
  type: 'object',
  properties: {
    tickets: n('票据数', 'Tickets'),
    matched: n('已匹配', 'Matched'),
    timedOut: n('超时', 'Timed out'),
    waiting: n('仍在等待', 'Still waiting'),
    matches: n('对局数', 'Matches'),
    matchRate: n('匹配率', 'Match rate'),
    ticks: n('匹配轮次', 'Ticks'),
    tickSeconds: n('匹配间隔（秒）', 'Tick (s)'),
    wait: {
      type: 'object',
      properties: { p50: { type: 'number' }, p90: { type: 'number' }, p99: { type: 'number' }, max: { type: 'number' }, mean: { type: 'number' } },
      'x-ui': { title: t('等待秒数', 'Waiting (s)'), summary: [t('中位 {{p50}}，P90 {{p90}}，最长 {{max}}', 'median {{p50}}, p90 {{p90}}, longest {{max}}')] },
    },
    waitHistogram: { type: 'array', items: bucket, 'x-ui': { title: t('等待时间分布', 'Waiting times'), hideInDetail: true } },
    balance: {
      type: 'object',
      properties: { attribute: { type: 'string' }, mean: { type: 'number' }, p90: { type: 'number' }, max: { type: 'number' } },
      'x-ui': { title: t('队伍差值', 'Team spread'), summary: [t('{{attribute}}：平均 {{mean}}，P90 {{p90}}，最大 {{max}}', '{{attribute}}: mean {{mean}}, p90 {{p90}}, largest {{max}}')] },
    },
    balanceHistogram: { type: 'array', items: bucket, 'x-ui': { title: t('队伍差值分布', 'Team spreads'), hideInDetail: true } },
    timeline: {
      type: 'array',
      items: { type: 'object', properties: { second: { type: 'number' }, waiting: { type: 'integer' }, matched: { type: 'integer' } } },
      'x-ui': { title: t('等待与匹配', 'Waiting and matched'), hideInDetail: true },
    },
  },
};

const perMinute: JsonSchema = { type: 'object', properties: { minute: { type: 'string' }, submitted: { type: 'integer' }, matched: { type: 'integer' }, timedOut: { type: 'integer' }, released: { type: 'integer' } } };
export const ticketsCountMetricsAnswer: JsonSchema = {
  type: 'object',
  properties: {
    waiting: titled({ type: 'integer', description: 'searching now' }, '正在等待', 'Waiting now'),
    submitted: titled({ type: 'integer' }, '提交', 'Submitted'),
    matched: titled({ type: 'integer' }, '匹配成功', 'Matched'),
    timedOut: titled({ type: 'integer' }, '超时', 'Timed out'),
    released: titled({ type: 'integer' }, '释放', 'Released'),
    minutes: { type: 'array', items: perMinute, 'x-ui': { title: t('每分钟', 'Per minute'), hideInDetail: true } },
  },
};

/** The ticket counts of an app: each state's tickets now, per config. */
export const ticketCountAnswer: JsonSchema = {
  type: 'object',
  required: ['total', 'states'],
  properties: {
    total: { type: 'integer' },
    states: { type: 'object', additionalProperties: { type: 'integer' }, description: 'tickets by state' },
    configs: { type: 'array', items: { type: 'object', properties: { configId: { type: 'string' }, state: { type: 'string' }, tickets: { type: 'integer' } } } },
  },
};
