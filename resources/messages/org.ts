import type { Text } from '../types';

/** Messages the server sends from its org calls: the English key and its text in both languages. */
export const orgMessages: Record<string, Text> = {
  "organization name already taken": { 'zh-CN': "该组织名称已被使用", en: "This organisation name is already taken" },
  "already a member": { 'zh-CN': "该账号已是组织成员", en: "This account is already a member" },
  "an organization needs an owner": { 'zh-CN': "组织至少需要一位拥有者", en: "An organisation needs at least one owner" },
  "only owners can manage owners": { 'zh-CN': "只有拥有者可以授予、收回拥有者身份或移除拥有者", en: "Only owners can grant, take away or remove ownership" },
  "only owners can invite administrators": { 'zh-CN': "只有拥有者可以邀请管理员", en: "Only owners can invite administrators" },
  "not allowed for this kind": { 'zh-CN': "该类型的兑换码不使用此字段", en: "Not used by this kind of token" },
  "must be greater than 0": { 'zh-CN': "必须大于 0", en: "Must be greater than 0" },
  "must NOT have fewer than {0} properties": { 'zh-CN': "至少填写 {0} 项", en: "Fill in at least {0} field(s)" },
};
