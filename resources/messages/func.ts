import type { Text } from '../types';

/** Messages the server sends from stateful functions' calls and servers: the English key and its text in both languages. */
export const funcMessages: Record<string, Text> = {
  'the function is disabled': { 'zh-CN': '函数已停用，不能启动服务器', en: 'The function is disabled: no server can be started' },
  'the function has no code': { 'zh-CN': '函数还没有上传代码', en: 'The function has no code yet' },
  'the function has no running server': { 'zh-CN': '函数没有运行中的服务器', en: 'The function has no running server' },
  'only an enabled function can be disabled': { 'zh-CN': '只有已启用的函数可以停用', en: 'Only an enabled function can be disabled' },
  'only a disabled function can be enabled': { 'zh-CN': '只有已停用的函数可以启用', en: 'Only a disabled function can be enabled' },
  'the function has no autoscaler': { 'zh-CN': '函数还没有自动扩缩容', en: 'The function has no autoscaler' },
  'must not be more than maxServers': { 'zh-CN': '不能大于最多服务器数', en: 'Must not be more than the servers at most' },
  'the autoscaler shrank the function': { 'zh-CN': '自动扩缩容缩减了服务器', en: 'The autoscaler shrank the function' },
  deleted: { 'zh-CN': '已删除', en: 'Deleted' },
};
