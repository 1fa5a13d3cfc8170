import type { Text } from '../types';

/** Messages the server sends from push's calls, and the reasons a push app's state names: the English key and its text in both languages. */
export const pushMessages: Record<string, Text> = {
  'no such push app': { 'zh-CN': '推送应用不存在', en: 'No such push app' },
  'no such channel provider': { 'zh-CN': '推送渠道不存在', en: 'No such channel provider' },
  'no such server version': { 'zh-CN': '服务器版本不存在', en: 'No such server version' },
  'unknown or disabled server version': { 'zh-CN': '服务器版本不存在或已停用', en: 'Unknown or disabled server version' },
  'make another version the default instead': { 'zh-CN': '请将另一个版本设为默认版本', en: 'Make another version the default instead' },
  'the default server version cannot be removed': { 'zh-CN': '不能删除默认服务器版本', en: 'The default server version cannot be removed' },
  'a push app runs this server version': { 'zh-CN': '有推送应用正在使用该服务器版本', en: 'A push app runs this server version' },
  'only a failed or exiting push app can be restarted': { 'zh-CN': '只能重启故障或等待退出的推送应用', en: 'Only a failed or exiting push app can be restarted' },
  'the push app is already deleted': { 'zh-CN': '该推送应用已删除', en: 'The push app is already deleted' },
  'the push app is deleted': { 'zh-CN': '该推送应用已删除', en: 'The push app is deleted' },
  'the push app is not running': { 'zh-CN': '该推送应用未在运行', en: 'The push app is not running' },
  'required for this provider': { 'zh-CN': '该渠道必须填写', en: 'Required for this provider' },
  'one player required': { 'zh-CN': '需要指定一个玩家', en: 'One player required' },
  'at least one player required': { 'zh-CN': '至少需要一个玩家', en: 'At least one player required' },
  'channel required': { 'zh-CN': '需要指定频道', en: 'Channel required' },
  'a title, body or data required': { 'zh-CN': '标题、内容和附加数据至少填写一项', en: 'A title, body or data required' },
  // What the push server tells a connected client
  'invalid channels': { 'zh-CN': '频道名称无效', en: 'Invalid channels' },
  'too many channels': { 'zh-CN': '订阅的频道过多', en: 'Too many channels' },
  'websocket upgrade required': { 'zh-CN': '需要 WebSocket 连接', en: 'WebSocket upgrade required' },
  // Why a push app is in its state (its statusReason)
  'the server version is disabled': { 'zh-CN': '服务器版本已停用', en: 'The server version is disabled' },
  'the server version no longer exists': { 'zh-CN': '服务器版本已不存在', en: 'The server version no longer exists' },
  'the server is restarting': { 'zh-CN': '服务器正在重启', en: 'The server is restarting' },
};
