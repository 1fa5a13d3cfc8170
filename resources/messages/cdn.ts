import type { Text } from '../types';

/** Messages the server sends from asset streaming's calls: the English key and its text in both languages. */
export const cdnMessages: Record<string, Text> = {
  'no such bucket': { 'zh-CN': '存储桶不存在', en: 'No such bucket' },
  'no such release in this bucket': { 'zh-CN': '该存储桶中没有这个版本', en: 'No such release in this bucket' },
};
