/**
 * Cloud saves' usage page (`crud/save/usage`): storage, uploads, traffic and what billing charges over the chosen
 * days, and the players holding the most bytes, from `GET usage/daily`, `usage/daily/sum` and `usage/daily/top`, drawn
 * by the console's dashboard engine.
 */
import type { DashboardChartDecl, JsonSchema, PageDecl, Text } from '../types';
import { SAVE_ROUTES } from './resources';

const STORAGE: Text = { 'zh-CN': '存储量（GB·天）', en: 'Storage (GB-days)' };
const UPLOADS: Text = { 'zh-CN': '上传次数', en: 'Uploads' };
const TRAFFIC: Text = { 'zh-CN': '下载流量（字节）', en: 'Traffic (bytes)' };

/** A half-width chart of one field of `usage/daily`'s days. */
const dayChart = (kind: 'line' | 'columns', label: Text, field: string, fieldLabel: Text, empty: Text): DashboardChartDecl => ({
  kind,
  label,
  source: 'daily',
  span: 12,
  list: 'days',
  x: 'day',
  series: [{ field, label: fieldLabel }],
  empty,
});

const topRow: JsonSchema = {
  type: 'object',
  properties: {
    playerId: { type: 'string', 'x-ui': { title: { 'zh-CN': '玩家', en: 'Player' } } },
    bytes: { type: 'integer', 'x-ui': { title: { 'zh-CN': '占用字节', en: 'Bytes held' } } },
    saves: { type: 'integer', 'x-ui': { title: { 'zh-CN': '存档数', en: 'Saves' } } },
  },
};

export const usagePage: PageDecl = {
  route: SAVE_ROUTES.usage,
  label: { 'zh-CN': '用量', en: 'Usage' },
  dashboard: {
    subtitle: {
      'zh-CN': '每个已结束自然日的存储量、完成的上传次数与下载流量，以及对应的计费金额。日期按北京时间计算。',
      en: 'Storage held each finished day, uploads finished and traffic downloaded, with what billing charges for them. Days are Beijing days.',
    },
    days: [7, 30, 90],
    defaultDays: 30,
    sources: {
      sum: { path: '/usage/daily/sum', range: ['from', 'to'] },
      daily: { path: '/usage/daily', range: ['from', 'to'] },
      top: { path: '/usage/daily/top', query: { k: 10 } },
    },
    figures: [
      { label: STORAGE, source: 'sum', value: '{{storageGbDays}}' },
      { label: UPLOADS, source: 'sum', value: '{{uploads}}' },
      { label: TRAFFIC, source: 'sum', value: '{{trafficBytes}}' },
      { label: { 'zh-CN': '费用', en: 'Charges' }, source: 'sum', value: '{{amount|money}}' },
    ],
    blocks: [
      dayChart('line', { 'zh-CN': '每日存储量', en: 'Storage per day' }, 'storageGbDays', STORAGE, { 'zh-CN': '这段时间没有存储量记录', en: 'No storage recorded in these days' }),
      dayChart('columns', { 'zh-CN': '每日上传', en: 'Uploads per day' }, 'uploads', UPLOADS, { 'zh-CN': '这段时间没有上传', en: 'No uploads in these days' }),
      dayChart('columns', { 'zh-CN': '每日下载流量', en: 'Traffic per day' }, 'trafficBytes', TRAFFIC, { 'zh-CN': '这段时间没有下载', en: 'No downloads in these days' }),
      {
        kind: 'table',
        name: 'top',
        label: { 'zh-CN': '占用最多的玩家', en: 'Players holding the most' },
        source: 'top',
        span: 12,
        listKey: 'items',
        row: topRow,
        columns: ['playerId', 'bytes', 'saves'],
        rowKey: 'playerId',
        empty: { 'zh-CN': '还没有存档', en: 'No saves yet' },
        paging: { mode: 'client', pageSize: 10 },
      },
    ],
  },
};
