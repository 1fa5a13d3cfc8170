/**
 * The SDK endpoint a service's server processes call (Multiverse's game servers, stateful functions' servers): the
 * Agones SDK's REST gateway, same paths and bodies, so a server written for Agones runs here unchanged. Pure data: a
 * service declares the calls its servers make with what each does there (`ServiceDecl.sdkEndpoint`), the
 * documentation's SDK page shows them, and the API tests make each declared call on the endpoint itself.
 */
import type { Text } from './types';
import type { SdkCallName, SdkEndpointCall, SdkEndpointDecl } from './sdk-endpoint-types';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/** The gateway's calls with what Agones says they mean, in the order a server typically makes them. */
const CALLS: Omit<SdkEndpointCall, 'about'>[] = [
  { name: 'capacity', method: 'PUT', path: '/alpha/player/capacity', body: { count: 100 } },
  { name: 'ready', method: 'POST', path: '/ready', body: {} },
  { name: 'health', method: 'POST', path: '/health', body: {} },
  { name: 'allocate', method: 'POST', path: '/allocate', body: {} },
  { name: 'reserve', method: 'POST', path: '/reserve', body: { seconds: 30 } },
  { name: 'label', method: 'PUT', path: '/metadata/label', body: { key: 'map', value: 'forest' } },
  { name: 'annotation', method: 'PUT', path: '/metadata/annotation', body: { key: 'build', value: '1.4.2' } },
  { name: 'playerConnect', method: 'POST', path: '/alpha/player/connect', body: { playerID: 'player-1' } },
  { name: 'playerDisconnect', method: 'POST', path: '/alpha/player/disconnect', body: { playerID: 'player-1' } },
  { name: 'playersConnected', method: 'GET', path: '/alpha/player/connected' },
  { name: 'gameServer', method: 'GET', path: '/gameserver' },
  { name: 'shutdown', method: 'POST', path: '/shutdown', body: {} },
];

const MEANING: Record<SdkCallName, Text> = {
  capacity: t('设置同时在线玩家数的上限；超出上限的连接报告回答 400。', 'Sets how many players may be connected at once; a connect beyond it answers 400.'),
  ready: t('表示服务器已可接待玩家。', 'Says the server is ready for players.'),
  health: t('健康心跳。', 'A health ping.'),
  allocate: t('表示服务器已被占用（一局比赛正在使用它）。', 'Says the server is in use (a match has it).'),
  reserve: t('在 seconds 秒内保留服务器。', 'Reserves the server for `seconds`.'),
  label: t(
    '设置一个标签：key 为字母、数字、-、_、.，最多 63 个字符；value 最多 256 个字符。',
    'Sets a label: `key` of letters, digits, `-`, `_` and `.`, up to 63 characters; `value` up to 256.',
  ),
  annotation: t('设置一个注解（规则同标签）。', 'Sets an annotation (the same rules as a label).'),
  playerConnect: t('报告一名玩家已连接；回答 {"bool": true}，该玩家已在线时为 false。', 'Reports a player connected; answers `{"bool": true}`, `false` when already connected.'),
  playerDisconnect: t('报告一名玩家已离开；回答 {"bool": …}：该玩家此前是否在线。', 'Reports a player left; answers `{"bool": …}`: whether the player was connected.'),
  playersConnected: t('回答在线玩家的 ID 列表 {"list": […]}。', 'Answers the connected players\' ids, `{"list": […]}`.'),
  gameServer: t('回答服务器的描述（Agones 的 GameServer）：状态、地址、端口、标签与玩家。', "Answers the server as Agones describes it (its GameServer): state, address, ports, labels and players."),
  shutdown: t('表示服务器正在关闭。', 'Says the server is shutting down.'),
};

/** The variables every server process is started with. */
const VARIABLES: SdkEndpointDecl['variables'] = [
  {
    name: 'AGONES_SDK_HTTP_PORT',
    about: t('SDK 端点的端口，地址为 127.0.0.1（设置了 $AGONES_SDK_HTTP_HOST 时为该地址）', "The SDK endpoint's port, on 127.0.0.1 (on `$AGONES_SDK_HTTP_HOST` when that is set)"),
  },
  { name: 'PORT', about: t('服务器为玩家监听的端口', 'The port the server listens on for players') },
  { name: 'LODESTAR_SERVER_ID', about: t('服务器的 ID，与接口中的一致', "The server's id, as the API names it") },
];

/**
 * A service's SDK endpoint: the calls it names, in the gateway's order, each with what it means and what the service
 * does on it (`effects`; `null` for a call that only answers or changes nothing more).
 */
export function agonesSdkEndpoint(effects: Partial<Record<SdkCallName, Text | null>>): SdkEndpointDecl {
  const calls = CALLS.filter((c) => c.name in effects).map((c) => {
    const meaning = MEANING[c.name];
    const effect = effects[c.name];
    return { ...c, about: effect ? { 'zh-CN': `${meaning['zh-CN']}${effect['zh-CN']}`, en: `${meaning.en} ${effect.en}` } : meaning };
  });
  return { variables: VARIABLES, calls };
}

/** What is wrong with a declared endpoint (checked at start-up): an empty list when nothing is. */
export function sdkEndpointProblems(decl: SdkEndpointDecl): string[] {
  const known = new Map(CALLS.map((c) => [c.name, c]));
  return decl.calls.flatMap((c) => {
    const gateway = known.get(c.name);
    if (!gateway) return [`'${c.name}' is not a call of the SDK endpoint`];
    if (gateway.method !== c.method || gateway.path !== c.path) return [`'${c.name}' is ${gateway.method} ${gateway.path}`];
    return !c.about['zh-CN'] || !c.about.en ? [`'${c.name}' says nothing in one of the languages`] : [];
  });
}
