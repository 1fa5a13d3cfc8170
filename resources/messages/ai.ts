import type { Text } from '../types';

/** The knowledge assistant's refusals (`server/services/ai`). */
export const aiMessages: Record<string, Text> = {
  'the question is empty': { 'zh-CN': '请输入问题', en: 'Please enter a question' },
  'the question is too long: at most {0} characters': { 'zh-CN': '问题太长：最多 {0} 个字符', en: 'The question is too long: at most {0} characters' },
};
