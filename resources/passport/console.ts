import type { PageDecl, Text } from '../types';
import type { PassportPart } from './part';

/**
 * Passport features the console names but does not offer yet (spec 002 §2, `coming/*`): each is a page saying what
 * it will do. They are reachable by address, not from the menu.
 */
export const COMING_FEATURES: { key: string; label: Text }[] = [
  { key: 'friend', label: { 'zh-CN': '好友推荐', en: 'Friend suggestions' } },
  { key: 'group', label: { 'zh-CN': '玩家群组', en: 'Player groups' } },
  { key: 'share', label: { 'zh-CN': '分享与邀请', en: 'Sharing and invitations' } },
  { key: 'entitlement', label: { 'zh-CN': '商店权益同步', en: 'Store entitlement sync' } },
  { key: 'gift', label: { 'zh-CN': '玩家互赠', en: 'Player gifting' } },
  { key: 'analysis', label: { 'zh-CN': '玩家分析', en: 'Player analytics' } },
  { key: 'feedback', label: { 'zh-CN': '玩家反馈', en: 'Player feedback' } },
  { key: 'announce', label: { 'zh-CN': '登录公告', en: 'Sign-in announcements' } },
  { key: 'push-notification', label: { 'zh-CN': '推送通知', en: 'Push notifications' } },
  { key: 'mail', label: { 'zh-CN': '电子邮件', en: 'E-mail' } },
  { key: 'rank', label: { 'zh-CN': '段位', en: 'Ranked tiers' } },
  { key: 'award', label: { 'zh-CN': '奖励活动', en: 'Reward campaigns' } },
  { key: 'callback', label: { 'zh-CN': '事件回调', en: 'Event callbacks' } },
];

/** The console route of a coming feature. */
export const comingRoute = (key: string): string => `passport/coming/${key}`;

const comingPages: PageDecl[] = COMING_FEATURES.map(({ key, label }) => ({ route: comingRoute(key), label, component: 'passportComingSoon' }));

/** Passport: the console area's resources, menu entries and pages. */
export const consolePart: PassportPart = { resources: [], menu: [], pages: comingPages };
