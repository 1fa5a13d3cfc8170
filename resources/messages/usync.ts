import type { Text } from '../types';

/** Messages the server sends from Sync's calls and relay, and the reasons a room or seat names: the English key and its text in both languages. */
export const usyncMessages: Record<string, Text> = {
  'no such room': { 'zh-CN': '房间不存在', en: 'No such room' },
  'no such room profile': { 'zh-CN': '房间配置不存在', en: 'No such room profile' },
  'no such room profile tier': { 'zh-CN': '房间规格不存在', en: 'No such room profile tier' },
  'the room is not open to players': { 'zh-CN': '房间未开放加入', en: 'The room is not open to players' },
  'the room is full': { 'zh-CN': '房间已满', en: 'The room is full' },
  'the player has no seat in this room': { 'zh-CN': '该玩家在此房间中没有座位', en: 'The player has no seat in this room' },
  'the room is already closed': { 'zh-CN': '房间已关闭', en: 'The room is already closed' },
  // What the relay tells a connected client
  'message too large': { 'zh-CN': '消息过大', en: 'Message too large' },
  'invalid players': { 'zh-CN': '玩家列表无效', en: 'Invalid players' },
  // Why a room or a seat is in its state (a room's statusReason, a log line's reason)
  'the transport is unavailable in this deployment': { 'zh-CN': '本部署不提供该传输协议', en: 'The transport is unavailable in this deployment' },
  "the profile's rooms are all open": { 'zh-CN': '该房间配置的房间数已达上限', en: "The profile's rooms are all open" },
  "the app's rooms open at once are at its limit": { 'zh-CN': '应用同时开放的房间数已达上限', en: "The app's rooms open at once are at its limit" },
  "the app's players connected at once are at its limit": { 'zh-CN': '应用同时在线的玩家数已达上限', en: "The app's players connected at once are at its limit" },
  "an app credential reads its own app's config only": { 'zh-CN': '应用凭证只能读取本应用的配置', en: "An app credential reads its own app's config only" },
  'closed by a call': { 'zh-CN': '通过调用关闭', en: 'Closed by a call' },
  'the room was idle': { 'zh-CN': '房间空闲超时', en: 'The room was idle' },
  'the room reached its time to live': { 'zh-CN': '房间已到存活时间', en: 'The room reached its time to live' },
  'the server hosting the room stopped': { 'zh-CN': '承载房间的服务器已停止', en: 'The server hosting the room stopped' },
  'the server hosting the room is not reachable': { 'zh-CN': '无法连接承载房间的服务器', en: 'The server hosting the room is not reachable' },
  'the seat was not taken in time': { 'zh-CN': '座位未在预留时间内使用', en: 'The seat was not taken in time' },
  'the player did not come back in time': { 'zh-CN': '玩家未在宽限时间内重连', en: 'The player did not come back in time' },
  'the connection dropped': { 'zh-CN': '连接已断开', en: 'The connection dropped' },
  left: { 'zh-CN': '已离开', en: 'Left' },
  flooding: { 'zh-CN': '发送过于频繁', en: 'Flooding' },
  // Perf sessions: refusals of a create, and why a session failed (its statusReason)
  'a room of this profile holds at most {0} players': { 'zh-CN': '该房间配置的房间最多容纳 {0} 名玩家', en: 'A room of this profile holds at most {0} players' },
  "the profile's tier allows messages of at most {0} bytes": { 'zh-CN': '该房间配置的规格只允许不超过 {0} 字节的消息', en: "The profile's tier allows messages of at most {0} bytes" },
  'the room could not be opened: {0}': { 'zh-CN': '无法打开房间：{0}', en: 'The room could not be opened: {0}' },
  'the server is not listening for clients': { 'zh-CN': '服务器尚未监听客户端连接', en: 'The server is not listening for clients' },
  'the server stopped during the run': { 'zh-CN': '运行期间服务器已停止', en: 'The server stopped during the run' },
  'the server running the session stopped': { 'zh-CN': '运行该测试的服务器已停止', en: 'The server running the session stopped' },
  'a client was not welcomed by the relay in time': { 'zh-CN': '中继未及时接受模拟客户端', en: 'A client was not welcomed by the relay in time' },
  'the relay refused a client ({0})': { 'zh-CN': '中继拒绝了模拟客户端（{0}）', en: 'The relay refused a client ({0})' },
  'a client could not connect: {0}': { 'zh-CN': '模拟客户端无法连接：{0}', en: 'A client could not connect: {0}' },
  'the perf session ended': { 'zh-CN': '性能测试已结束', en: 'The perf session ended' },
  'the session was stopped': { 'zh-CN': '测试已被停止', en: 'The session was stopped' },
  'the perf session has already ended': { 'zh-CN': '性能测试已经结束', en: 'The perf session has already ended' },
  // Plugins: their calls, and what the relay tells a client sending to a plugin
  'no such plugin': { 'zh-CN': '房间插件不存在', en: 'No such plugin' },
  'no such plugin version': { 'zh-CN': '插件版本不存在', en: 'No such plugin version' },
  'token invalid or expired': { 'zh-CN': '令牌无效或已过期', en: 'Token invalid or expired' },
  'the room runs no plugin': { 'zh-CN': '该房间没有运行插件', en: 'The room runs no plugin' },
};
