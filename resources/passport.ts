import type { MenuEntry, ServiceDecl, Text } from './types';
import { UNITS } from './meters';
import { consolePart } from './passport/console';
import { economyPart } from './passport/economy';
import { identityPart } from './passport/identity';
import { leaderboardsPart } from './passport/leaderboards';
import { liveopsPart } from './passport/liveops';
import { playersPart } from './passport/players';
import { PASSPORT_HISTORY } from './passport/history';
import { PASSPORT_DEMO } from './passport/demo-data';
import { joinCalls } from './passport/part';

/** Passport's areas, in menu order (spec 002 §2); each is declared in its own file under passport/. */
const parts = [consolePart, identityPart, leaderboardsPart, playersPart, economyPart, liveopsPart];

/**
 * Passport's ~35 screens in the menu, grouped by what they are about (by route prefix), in this order. The sign-in
 * playground (a page outside the app console) goes with the player accounts it signs in.
 */
const MENU_GROUPS: { routes: string[]; label: Text }[] = [
  { routes: ['passport/settings', 'passport/anti-addiction'], label: { 'zh-CN': '设置', en: 'Settings' } },
  {
    routes: [
      'passport/auth/',
      'passport/account/user',
      'passport/account/persona',
      'passport/account/tag',
      'passport/account/verifyCode',
      'passport/account/report',
      'passport/account/metrics',
      '/playground/passport',
    ],
    label: { 'zh-CN': '玩家账号', en: 'Player accounts' },
  },
  { routes: ['passport/account/friend', 'passport/guilds/', 'passport/leaderboards'], label: { 'zh-CN': '社交与排行', en: 'Social & rankings' } },
  { routes: ['passport/economy/', 'passport/gift/', 'passport/entitlement'], label: { 'zh-CN': '经济与礼包', en: 'Economy & gifts' } },
  {
    routes: ['passport/inbox/', 'passport/achievements/', 'passport/battle-pass', 'passport/billboards', 'passport/quests'],
    label: { 'zh-CN': '运营活动', en: 'Live ops' },
  },
];

/** Where a route goes: its group and its place in the group's list; a route of no group comes after them all. */
function placeOf(route: string): { group: number; place: number } {
  for (const [group, g] of MENU_GROUPS.entries()) {
    const place = g.routes.findIndex((r) => route.startsWith(r));
    if (place >= 0) return { group, place };
  }
  return { group: MENU_GROUPS.length, place: 0 };
}

/** The areas' menu entries with their groups, group by group in the order the groups list their routes. */
export function groupedMenu(entries: MenuEntry[]): MenuEntry[] {
  return entries
    .map((entry, order) => ({ entry, order, ...placeOf(entry.route) }))
    .sort((a, b) => a.group - b.group || a.place - b.place || a.order - b.order)
    .map(({ entry, group }) => (entry.group || !MENU_GROUPS[group] ? entry : { ...entry, group: MENU_GROUPS[group].label }));
}

export const passport: ServiceDecl = {
  name: 'passport',
  base: '/upass/v1',
  // Lists are `POST <path>/search` with `{ count, start }` (spec 002 §7).
  convention: 'passport',
  catalogue: {
    icon: 'IdcardOutlined',
    displayName: { 'zh-CN': 'Passport 玩家账号', en: 'Passport' },
    label: { 'zh-CN': '玩家账号', en: 'Player accounts' },
    description: {
      'zh-CN': '玩家账号、角色与登录，以及排行榜、公会、兑换码、经济系统、邮件、成就、公告、战令和任务等玩家系统。',
      en: 'Player accounts, personas and sign-in, with leaderboards, guilds, redeem codes, economy, inbox, achievements, billboards, battle passes and quests.',
    },
    capabilities: [
      { 'zh-CN': '玩家账号、角色与多种登录方式', en: 'Player accounts, personas and several ways to sign in' },
      { 'zh-CN': '排行榜、公会、好友与兑换码', en: 'Leaderboards, guilds, friends and redeem codes' },
      { 'zh-CN': '经济系统、邮件、成就、公告、战令与任务', en: 'Economy, inbox, achievements, billboards, battle passes and quests' },
    ],
    productPage: '/product/passport',
    docPage: '/doc/passport',
    pricingTag: { 'zh-CN': '按 DAU 计费', en: 'Billed by DAU' },
    mainService: true,
  },
  // Spec 002 §9, in currency units.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: {
    // per daily active user per day
    dau: '0.06',
    // per text message sent
    sms: '0.042',
    // per real-name verification
    realName: '0.08',
  },
  // Passport records the day's distinct active users once per day (`dau`), and each text message and
  // real-name check as it happens; a DAU-day is one active user on one day.
  meters: [
    { meter: 'dau', label: { 'zh-CN': '日活跃用户', en: 'Daily active users' }, unit: UNITS.dauDay, price: 'dau' },
    { meter: 'sms', label: { 'zh-CN': '短信', en: 'Text messages' }, unit: UNITS.message, price: 'sms' },
    { meter: 'real-name', label: { 'zh-CN': '实名认证', en: 'Real-name checks' }, unit: UNITS.verification, price: 'realName' },
  ],
  // What passport counts as players call it: every call attempt per minute (the rate limit), the calls served per
  // operation and minute and per player and day (the call metrics), sign-ins and first sign-ins per day.
  counters: {
    calls: { grain: 'minute', keepDays: 1 },
    operationCalls: { grain: 'minute', keys: ['operation'], keepDays: 400 },
    playerCalls: { grain: 'day', keys: ['player'], keepDays: 400 },
    signIns: { grain: 'day', keepDays: 3660 },
    newUsers: { grain: 'day', keepDays: 3660 },
  },
  menu: groupedMenu(parts.flatMap((p) => p.menu)),
  history: PASSPORT_HISTORY,
  demo: PASSPORT_DEMO,
  pages: parts.flatMap((p) => p.pages ?? []),
  resources: parts.flatMap((p) => p.resources),
  calls: joinCalls(parts),
};
