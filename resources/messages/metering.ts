import type { Text } from '../types';

/** Messages the server sends from its metering calls: the English key and its text in both languages. */
export const meteringMessages: Record<string, Text> = {
  'the month has not ended': { 'zh-CN': '该月份尚未结束，不能出账', en: 'The month has not ended yet' },
  'the month could not be billed, see the bill log': { 'zh-CN': '出账失败，请查看出账记录', en: 'The month could not be billed; see the bill log' },
  'the range must end after it starts': { 'zh-CN': '结束时间必须晚于开始时间', en: 'The range must end after it starts' },
  'the range may span at most 366 days': { 'zh-CN': '时间范围最长 366 天', en: 'The range may span at most 366 days' },
  'a range that does not start and end at midnight may span at most 7 days': {
    'zh-CN': '不按整天划分的时间范围最长 7 天',
    en: 'A range that does not start and end at midnight may span at most 7 days',
  },
};
