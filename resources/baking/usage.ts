/**
 * Baking's node-time page (`baking/usage`): the app's metered node time over the chosen days, from
 * `GET stats/app-usage`, drawn by the console's dashboard engine.
 */
import type { PageDecl } from '../types';

export const usagePage: PageDecl = {
  route: 'baking/usage',
  label: { 'zh-CN': '节点用量', en: 'Node time' },
  dashboard: {
    subtitle: {
      'zh-CN': '各节点停止时计量的工作时长，按节点·小时计费。日期按北京时间计算。',
      en: 'The time each node worked, metered when it stopped and billed per node-hour. Days are Beijing days.',
    },
    days: [7, 30, 90],
    defaultDays: 30,
    sources: { usage: { path: '/stats/app-usage', range: ['start', 'end'] } },
    figures: [
      { label: { 'zh-CN': '节点时长（秒）', en: 'Node time (seconds)' }, source: 'usage', value: '{{nodeSeconds}}' },
      { label: { 'zh-CN': '节点·小时', en: 'Node-hours' }, source: 'usage', value: '{{nodeHours}}' },
    ],
    blocks: [
      {
        kind: 'columns',
        label: { 'zh-CN': '每日节点时长', en: 'Node time per day' },
        source: 'usage',
        span: 24,
        list: 'items',
        x: 'date',
        series: [{ field: 'nodeSeconds', label: { 'zh-CN': '节点时长（秒）', en: 'Node time (seconds)' } }],
        empty: { 'zh-CN': '这段时间没有节点时长', en: 'No node time in these days' },
      },
    ],
  },
};
