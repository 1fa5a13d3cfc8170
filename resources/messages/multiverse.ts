import type { Text } from '../types';

/** Messages the server sends from Multiverse's calls, builds and servers: the English key and its text in both languages. */
export const multiverseMessages: Record<string, Text> = {
  // The SDK endpoint a game server calls (answered to the server, as Agones' gateway answers)
  'invalid key or value': { 'zh-CN': '键或值无效', en: 'Invalid key or value' },
  'method not allowed': { 'zh-CN': '不支持该请求方法', en: 'Method not allowed' },
  'playerID is required': { 'zh-CN': '缺少 playerID', en: 'playerID is required' },
  'players are already at capacity': { 'zh-CN': '玩家数已达容量上限', en: 'Players are already at capacity' },
  'count must be a whole number, 0 or more': { 'zh-CN': 'count 必须是不小于 0 的整数', en: 'count must be a whole number, 0 or more' },
  'the body is not JSON': { 'zh-CN': '请求体不是 JSON', en: 'The body is not JSON' },
  // Images and their builds
  'the upload is not a zip or tar.gz archive': { 'zh-CN': '上传的文件不是 zip 或 tar.gz 压缩包', en: 'The upload is not a zip or tar.gz archive' },
  'the archive unpacks to more than the limit': { 'zh-CN': '压缩包解压后超过大小上限（疑似压缩炸弹）', en: 'The archive unpacks to more than the size limit (a suspected zip bomb)' },
  'the archive has more entries than the limit': { 'zh-CN': '压缩包中的文件数超过上限', en: 'The archive has more files than the limit' },
  'the archive is damaged': { 'zh-CN': '压缩包已损坏', en: 'The archive is damaged' },
  'the archive has no files': { 'zh-CN': '压缩包中没有文件', en: 'The archive has no files' },
  'the archive is missing': { 'zh-CN': '找不到上传的压缩包', en: 'The uploaded archive is missing' },
  'the archive does not match its digest': { 'zh-CN': '压缩包与上传时的摘要不一致', en: 'The archive does not match its digest' },
  'the start command is empty': { 'zh-CN': '启动命令为空', en: 'The start command is empty' },
  'the start command is outside the archive': { 'zh-CN': '启动命令指向压缩包以外的程序', en: 'The start command points outside the archive' },
  'the start command names a file the archive does not have': { 'zh-CN': '启动命令中的文件不在压缩包中', en: 'The start command names a file the archive does not have' },
  'the image has no start command': { 'zh-CN': '镜像没有启动命令（上传时提供，或写在压缩包的 multiverse.json 中）', en: 'The image has no start command (give it with the upload, or in the archive\'s multiverse.json)' },
  'multiverse.json is not JSON': { 'zh-CN': 'multiverse.json 不是有效的 JSON', en: 'multiverse.json is not JSON' },
  'the build failed': { 'zh-CN': '构建失败', en: 'The build failed' },
  'only a finished build can be rebuilt': { 'zh-CN': '只有构建结束的镜像可以重新构建', en: 'Only a finished build can be rebuilt' },
  'the image is not built': { 'zh-CN': '镜像尚未构建成功', en: 'The image is not built' },
  // Profiles and revisions
  'only a draft or retired revision can be released': { 'zh-CN': '只有草稿或已替换的版本可以发布', en: 'Only a draft or retired revision can be released' },
  'two ports have this name': { 'zh-CN': '端口名称重复', en: 'Two ports have this name' },
  'no such profile revision': { 'zh-CN': '配置版本不存在', en: 'No such profile revision' },
  // Allocations and servers
  'no such game': { 'zh-CN': '游戏不存在', en: 'No such game' },
  'no such allocation': { 'zh-CN': '分配不存在', en: 'No such allocation' },
  'no such test server': { 'zh-CN': '测试服务器不存在', en: 'No such test server' },
  'the game has no profile': { 'zh-CN': '游戏尚未指定服务器配置', en: 'The game has no profile' },
  'not a profile of this game': { 'zh-CN': '不是该游戏的服务器配置', en: 'Not a profile of this game' },
  'the profile has no released revision': { 'zh-CN': '服务器配置还没有发布的版本', en: 'The profile has no released revision' },
  'not a region of the game': { 'zh-CN': '不是该游戏的地域', en: 'Not a region of the game' },
  'this deployment does not serve the region': { 'zh-CN': '本部署不提供该地域', en: 'This deployment does not serve the region' },
  'no Ready server of the game in this region': { 'zh-CN': '该地域没有就绪的服务器', en: 'No Ready server of the game in this region' },
  'the region has no room for another server': { 'zh-CN': '该地域已没有空间启动新的服务器', en: 'The region has no room for another server' },
  'the server process exited': { 'zh-CN': '服务器进程已退出', en: 'The server process exited' },
  'the server missed its health checks': { 'zh-CN': '服务器未按时发送健康检查', en: 'The server missed its health checks' },
  'the server was not Ready within the allocation TTL': { 'zh-CN': '服务器未在分配超时时间内就绪', en: 'The server was not Ready within the allocation TTL' },
  'the server shut down': { 'zh-CN': '服务器已自行关闭', en: 'The server shut down' },
  'the allocation was deleted': { 'zh-CN': '分配已删除', en: 'The allocation was deleted' },
  'the test server was deleted': { 'zh-CN': '测试服务器已删除', en: 'The test server was deleted' },
  'the platform stopped': { 'zh-CN': '平台已停止', en: 'The platform stopped' },
  'the platform restarted': { 'zh-CN': '平台已重启，服务器已停止', en: 'The platform restarted; the server was stopped' },
  // Placeholder schedules and location ratios (their checks), and the usage statistics across apps
  'the window closes when it opens': { 'zh-CN': '时间窗的结束时间不能早于或等于开始时间', en: 'The window closes when it opens' },
  'not a location of the region': { 'zh-CN': '该位置不属于此区域', en: 'Not a location of the region' },
  'the region has a ratio for this location already': { 'zh-CN': '该区域已为此位置设置了比例', en: 'The region has a ratio for this location already' },
  'only an administrator may see every app': { 'zh-CN': '只有管理员可以查看所有应用', en: 'Only an administrator may see every app' },
  // An image made from an archive sent with the transfer token
  'no archive uploaded under this key': { 'zh-CN': '该键下没有已上传的构建包', en: 'No archive was uploaded under this key' },
  'give the archive in the body or by its key, not both': { 'zh-CN': '请在请求体中提供构建包，或通过其键提供，不能同时提供', en: 'Give the archive in the body or by its key, not both' },
};
