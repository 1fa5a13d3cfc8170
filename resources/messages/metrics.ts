import type { Text } from '../types';

/** Metrics' refusals (`server/services/metrics`). */
export const metricsMessages: Record<string, Text> = {
  "not allowed to see this app's shared metrics": { 'zh-CN': '无权查看该应用共享的数据', en: "Not allowed to see this app's shared metrics" },
  "not a member of the app's organisation": { 'zh-CN': '不是该应用所属组织的成员', en: "Not a member of the app's organisation" },
  'named twice': { 'zh-CN': '重复出现', en: 'Named twice' },
};
