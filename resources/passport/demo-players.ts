import type { DemoEntry } from '../demo-types';

/**
 * Fixed ids of the demo app's first realm, player and persona, so the schemas' examples name records that exist in
 * the demo data.
 */
export const DEMO_REALM_ID = '4b9e1c27-6d3a-4f58-9e20-7a1c5d8b3f42';
export const DEMO_USER_ID = '8d2f6b14-3c7e-4a95-b1d0-5e9a7c3f2b61';
export const DEMO_PERSONA_ID = '0b3c8f7e-5d0a-4c55-8b7e-1e2f3a4b5c6d';

const hoursAgo = (hours: number) => ({ fromNow: { hours: -hours } });

/** A player of the first realm who signed in `hours` ago. */
const user = (name: string, status: string, hours: number, data: Record<string, unknown>, id?: string): DemoEntry => ({
  resource: 'users',
  name,
  ...(id ? { id } : {}),
  status,
  data: { name, ...data, realmId: { ref: 'realm-1' }, tags: [], lastLoginAt: hoursAgo(hours) },
});

const persona = (name: string, userName: string, realm: string, level: number, id?: string): DemoEntry => ({
  resource: 'personas',
  name,
  ...(id ? { id } : {}),
  status: 'Active',
  data: { name, level, userId: { ref: userName }, realmId: { ref: realm }, tags: [] },
});

/** The demo app's realms, players, personas and a few friendships. */
export const PLAYERS_DEMO: DemoEntry[] = [
  { resource: 'realms', name: 'realm-1', id: DEMO_REALM_ID, status: 'Open', data: { name: '一区 晨曦', description: '首发服务器', region: '华东' } },
  { resource: 'realms', name: 'realm-2', status: 'Open', data: { name: '二区 潮汐', description: '二月新开服', region: '华南' } },
  { resource: 'realms', status: 'Maintenance', data: { name: '三区 星火', description: '版本更新维护中', region: '华北' } },
  { resource: 'realms', status: 'Created', data: { name: '四区 远航', description: '预约中，下周开服', region: '华东' } },

  user('林悦', 'Active', 3, { loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', externalId: 'player-10001', platform: 'Android' }, DEMO_USER_ID),
  user('陈墨', 'Active', 6, { loginMethod: 'AccessToken', loginProvider: 'Wechat', externalId: 'oX3kq5Rm0Yt9aWc2', platform: 'Ios' }),
  user('周一鸣', 'Active', 9, { loginMethod: 'Phone', externalId: '13800138021', phone: '13800138021', platform: 'Android' }),
  user('Mika', 'Active', 12, { loginMethod: 'AccessToken', loginProvider: 'TapTap', externalId: 'tap-5521907', platform: 'Windows' }),
  user('速通小王', 'Banned', 15, {
    loginMethod: 'ServerSide',
    loginProvider: 'ServiceLogin',
    externalId: 'player-10077',
    platform: 'Android',
    banReason: '使用外挂加速',
    banUntil: { fromNow: { days: 7 } },
  }),

  persona('晨星', '林悦', 'realm-1', 42, DEMO_PERSONA_ID),
  persona('潮汐之歌', '林悦', 'realm-2', 8),
  persona('墨白', '陈墨', 'realm-1', 37),
  persona('鸣镝', '周一鸣', 'realm-1', 15),
  persona('Mikasa', 'Mika', 'realm-2', 21),
  persona('疾风', '速通小王', 'realm-1', 60),

  // 晨星 and 墨白 are friends; 鸣镝 asked 晨星; 晨星 blacklisted 疾风.
  { step: 'friends', with: { persona: { ref: '晨星' }, friend: { ref: '墨白' } } },
  { step: 'friendRequest', with: { persona: { ref: '鸣镝' }, friend: { ref: '晨星' } } },
  { step: 'blacklist', with: { persona: { ref: '晨星' }, blocked: { ref: '疾风' } } },
];
