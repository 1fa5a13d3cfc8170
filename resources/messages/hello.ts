import type { Text } from '../types';

/** Hello's refusals (`server/services/hello`). */
export const helloMessages: Record<string, Text> = {
  'no voice server is configured on this platform, so no room token can be issued': {
    'zh-CN': '平台尚未配置语音服务器，暂时无法签发房间令牌',
    en: 'No voice server is configured on this platform, so no room token can be issued',
  },
  'make the voice organisation first (POST /orgs)': { 'zh-CN': '请先创建语音组织（POST /orgs）', en: 'Make the voice organisation first (POST /orgs)' },
  'the webhook is not signed with the voice server key': { 'zh-CN': '回调未使用语音服务器密钥签名', en: 'The webhook is not signed with the voice server key' },
  'expected the webhook event as application/webhook+json': { 'zh-CN': '回调事件应以 application/webhook+json 发送', en: 'Expected the webhook event as application/webhook+json' },
};
