import { randomUUID } from 'node:crypto';
import type { Ctx } from '../../../context';
import type { Data } from '../../../engine/store';
import { personasModel, realmsModel, usersModel } from './models';

/**
 * Fixed ids of the demo app's first realm and player, so the persona schema's examples name records that exist in
 * the demo data.
 */
export const DEMO_REALM_ID = '4b9e1c27-6d3a-4f58-9e20-7a1c5d8b3f42';
export const DEMO_USER_ID = '8d2f6b14-3c7e-4a95-b1d0-5e9a7c3f2b61';
/** The first demo persona's id, named by examples in schemas that refer to a persona. */
export const DEMO_PERSONA_ID = '0b3c8f7e-5d0a-4c55-8b7e-1e2f3a4b5c6d';

const realms: { id?: string; status: string; data: Data }[] = [
  { id: DEMO_REALM_ID, status: 'Open', data: { name: '一区 晨曦', description: '首发服务器', region: '华东' } },
  { status: 'Open', data: { name: '二区 潮汐', description: '二月新开服', region: '华南' } },
  { status: 'Maintenance', data: { name: '三区 星火', description: '版本更新维护中', region: '华北' } },
  { status: 'Created', data: { name: '四区 远航', description: '预约中，下周开服', region: '华东' } },
];

const users: { id?: string; status: string; data: Data }[] = [
  { id: DEMO_USER_ID, status: 'Active', data: { name: '林悦', loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', externalId: 'player-10001', platform: 'Android' } },
  { status: 'Active', data: { name: '陈墨', loginMethod: 'AccessToken', loginProvider: 'Wechat', externalId: 'oX3kq5Rm0Yt9aWc2', platform: 'Ios' } },
  { status: 'Active', data: { name: '周一鸣', loginMethod: 'Phone', externalId: '13800138021', phone: '13800138021', platform: 'Android' } },
  { status: 'Active', data: { name: 'Mika', loginMethod: 'AccessToken', loginProvider: 'TapTap', externalId: 'tap-5521907', platform: 'Windows' } },
  {
    status: 'Banned',
    data: { name: '速通小王', loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', externalId: 'player-10077', platform: 'Android', banReason: '使用外挂加速' },
  },
];

/** Personas by user (index into `users`) and realm (index into `realms`). */
const personas: { id?: string; user: number; realm: number; data: Data }[] = [
  { id: DEMO_PERSONA_ID, user: 0, realm: 0, data: { name: '晨星', level: 42 } },
  { user: 0, realm: 1, data: { name: '潮汐之歌', level: 8 } },
  { user: 1, realm: 0, data: { name: '墨白', level: 37 } },
  { user: 2, realm: 0, data: { name: '鸣镝', level: 15 } },
  { user: 3, realm: 1, data: { name: 'Mikasa', level: 21 } },
  { user: 4, realm: 0, data: { name: '疾风', level: 60 } },
];

/** The demo app's realms, players, personas and a few friendships. */
export async function seedPlayersDemo(ctx: Ctx, appId: string): Promise<void> {
  const realmIds: string[] = [];
  for (const r of realms) realmIds.push(String((await ctx.store.insert(realmsModel, appId, r.id ?? randomUUID(), r.data, r.status)).id));
  const userIds: string[] = [];
  const day = 86_400_000;
  for (const [i, u] of users.entries()) {
    const data: Data = { ...u.data, realmId: realmIds[0], tags: [], lastLoginAt: new Date(Date.now() - (i + 1) * 3 * 3_600_000).toISOString() };
    if (u.status === 'Banned') data.banUntil = new Date(Date.now() + 7 * day).toISOString();
    userIds.push(String((await ctx.store.insert(usersModel, appId, u.id ?? randomUUID(), data, u.status)).id));
  }
  const personaIds: string[] = [];
  for (const p of personas) {
    const data = { ...p.data, userId: userIds[p.user], realmId: realmIds[p.realm], tags: [] };
    personaIds.push(String((await ctx.store.insert(personasModel, appId, p.id ?? randomUUID(), data, 'Active')).id));
  }
  // 晨星 and 墨白 are friends; 鸣镝 asked 晨星; 晨星 blacklisted 疾风.
  const [chenxing, , mobai, mingdi, , jifeng] = personaIds;
  await ctx.db.query(
    `INSERT INTO passport_friends (app_id, persona_id, friend_id, state, accepted_at) VALUES ($1, $2, $3, 'accepted', now()), ($1, $3, $2, 'accepted', now())`,
    [appId, chenxing, mobai],
  );
  await ctx.db.query(`INSERT INTO passport_friends (app_id, persona_id, friend_id, state) VALUES ($1, $2, $3, 'requested')`, [appId, mingdi, chenxing]);
  await ctx.db.query('INSERT INTO passport_friend_blacklist (app_id, persona_id, blocked_id) VALUES ($1, $2, $3)', [appId, chenxing, jifeng]);
}
