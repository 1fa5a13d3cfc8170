import type { Text } from '../types';

/** Messages the server sends from baking's calls: the English key and its text in both languages. */
export const bakingMessages: Record<string, Text> = {
  // Sessions and their moves
  'no such app': { 'zh-CN': '应用不存在', en: 'No such app' },
  'no such session': { 'zh-CN': '烘焙任务不存在', en: 'No such session' },
  'unknown instance type': { 'zh-CN': '没有这种实例类型', en: 'Unknown instance type' },
  'the app may not use this instance type': { 'zh-CN': '该应用不能使用这种实例类型', en: 'The app may not use this instance type' },
  'only a queued or running session can be cancelled': { 'zh-CN': '只能取消排队中或运行中的烘焙任务', en: 'Only a queued or running session can be cancelled' },
  'only a preparing or running session can be marked done': { 'zh-CN': '只能将准备中或运行中的烘焙任务标记为完成', en: 'Only a preparing or running session can be marked done' },
  'only a queued or running session can be marked failed': { 'zh-CN': '只能将排队中或运行中的烘焙任务标记为失败', en: 'Only a queued or running session can be marked failed' },
  // The agents' protocol
  'no such agent': { 'zh-CN': '烘焙代理不存在', en: 'No such agent' },
  'the session is already claimed': { 'zh-CN': '该烘焙任务已被其他代理认领', en: 'The session is already claimed' },
  'the agent already holds a session': { 'zh-CN': '该代理已在处理一个烘焙任务', en: 'The agent already holds a session' },
  "the session asks for another instance type than the agent's": { 'zh-CN': '该烘焙任务需要的实例类型与代理的不同', en: "The session asks for another instance type than the agent's" },
  'the agent does not hold this session': { 'zh-CN': '该代理没有持有这个烘焙任务', en: 'The agent does not hold this session' },
  // What a session says after its agent was lost
  'the agent was lost; queued again': { 'zh-CN': '代理已失联，任务已重新排队', en: 'The agent was lost; queued again' },
  'the agent was lost too many times': { 'zh-CN': '代理失联次数过多，任务失败', en: 'The agent was lost too many times' },
};
