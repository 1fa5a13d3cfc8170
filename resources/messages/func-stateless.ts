import type { Text } from '../types';

/** Stateless functions' refusals (`server/services/func-stateless`). */
export const funcStatelessMessages: Record<string, Text> = {
  'no such function': { 'zh-CN': '云函数不存在', en: 'No such function' },
  'no such version': { 'zh-CN': '该云函数没有这个版本', en: 'No such version of this function' },
  'no such invocation': { 'zh-CN': '没有这次调用的日志', en: 'No log of this invocation' },
  'no such trigger': { 'zh-CN': '没有这个触发器', en: 'No such trigger' },
  'the function is disabled': { 'zh-CN': '云函数已停用：请先启用', en: 'The function is disabled: enable it first' },
  'the function has no deployed code': { 'zh-CN': '云函数还没有部署代码', en: 'The function has no deployed code yet' },
  'the function has no version yet': { 'zh-CN': '云函数还没有版本', en: 'The function has no version yet' },
  'no version before the live one': { 'zh-CN': '线上版本之前没有更早的版本', en: 'There is no version before the live one' },
  'a rollback goes to an earlier version than the live one': { 'zh-CN': '回滚只能回到比线上版本更早的版本', en: 'A rollback goes to an earlier version than the live one' },
  'only an active function can be disabled': { 'zh-CN': '只有运行中的云函数可以停用', en: 'Only an active function can be disabled' },
  'only a disabled function can be enabled': { 'zh-CN': '只有已停用的云函数可以启用', en: 'Only a disabled function can be enabled' },
  'the upload is not a zip archive': { 'zh-CN': '上传的文件不是 ZIP 压缩包', en: 'The upload is not a zip archive' },
  'the entry file {0} is not in the package': { 'zh-CN': '代码包中没有入口文件 {0}', en: 'The entry file {0} is not in the package' },
  'the package has more than {0} files': { 'zh-CN': '代码包中的文件超过 {0} 个', en: 'The package has more than {0} files' },
  'the archive has an entry outside its root: {0}': { 'zh-CN': '压缩包中有位于根目录之外的文件：{0}', en: 'The archive has an entry outside its root: {0}' },
  'the code is larger than the limit': { 'zh-CN': '代码超过大小上限', en: 'The code is larger than the limit' },
  'not a valid cron expression': { 'zh-CN': '不是有效的 Cron 表达式（五段：分 时 日 月 周）', en: 'Not a valid cron expression (five fields: minute hour day month weekday)' },
  'not valid JSON': { 'zh-CN': '不是有效的 JSON', en: 'Not valid JSON' },
  'the function failed': { 'zh-CN': '云函数执行出错（详见调用日志）', en: 'The function failed (see its invocation log)' },
  'the function timed out': { 'zh-CN': '云函数执行超时', en: 'The function timed out' },
};
