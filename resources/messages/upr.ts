import type { Text } from '../types';

/** UPR's refusals (`server/services/upr`). */
export const uprMessages: Record<string, Text> = {
  'no such session': { 'zh-CN': '性能会话不存在', en: 'No such profiling session' },
  'a new session needs a name': { 'zh-CN': '新会话需要名称', en: 'A new session needs a name' },
  'a session holds at most {0} samples': { 'zh-CN': '一个会话最多保存 {0} 个采样', en: 'A session holds at most {0} samples' },
  'no profiling for this app': { 'zh-CN': '该应用不存在或无权查看其性能分析', en: 'No profiling for this app' },
};
