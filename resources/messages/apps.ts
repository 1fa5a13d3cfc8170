import type { Text } from '../types';

/** Messages the server sends from its app calls: the English key and its text in both languages. */
export const appsMessages: Record<string, Text> = {
  "service occupied": { 'zh-CN': "该服务与已开通的服务互斥，无法开通", en: "Another enabled service excludes this one" },
  "occupied by {0}": { 'zh-CN': "已被 {0} 占用", en: "Occupied by {0}" },
  "service suspended": { 'zh-CN': "该服务已被暂停，请联系平台管理员", en: "This service is suspended. Contact the platform administrators." },
  "service already enabled": { 'zh-CN': "该服务已正式开通，无需试用", en: "This service is already enabled; a trial adds nothing" },
  "unknown service": { 'zh-CN': "没有这个服务", en: "No such service" },
  "unknown property": { 'zh-CN': "该服务没有这个属性", en: "The service has no such property" },
  "must be a {0}": { 'zh-CN': "类型不正确（应为 {0}）", en: "Must be a {0}" },
  "the token cannot be used on this app": { 'zh-CN': "该兑换码无法用于此应用", en: "This code cannot be used on this app" },
};
