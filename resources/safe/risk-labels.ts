/**
 * A package's risks as the console shows them: each risk's code by its name in both languages, and its severity as a
 * coloured tag (the codes are those `server/services/safe/risks.ts` finds).
 */
import type { JsonSchema, Text } from '../types';

export const RISK_CODES: Record<string, Text> = {
  unsigned: { 'zh-CN': '未签名', en: 'Unsigned' },
  'signature-invalid': { 'zh-CN': '签名校验不通过', en: 'Signature does not verify' },
  'signer-unregistered': { 'zh-CN': '签名未登记', en: 'Signer not registered' },
  'package-mismatch': { 'zh-CN': '包名不符', en: 'Another package' },
  debuggable: { 'zh-CN': '可调试', en: 'Debuggable' },
  'allow-backup': { 'zh-CN': '允许备份', en: 'Backup allowed' },
  'cleartext-traffic': { 'zh-CN': '允许明文流量', en: 'Cleartext traffic' },
  'exported-components': { 'zh-CN': '导出的组件', en: 'Exported components' },
  'sensitive-permissions': { 'zh-CN': '敏感权限', en: 'Sensitive permissions' },
  'old-target-sdk': { 'zh-CN': '目标 SDK 过低', en: 'Old target SDK' },
  'v1-signature-only': { 'zh-CN': '仅 v1 签名', en: 'JAR signing only' },
  'signature-not-checked': { 'zh-CN': '未校验签名', en: 'Signature not checked' },
};

export const SEVERITIES = {
  high: { label: { 'zh-CN': '高', en: 'High' }, color: 'red' },
  medium: { label: { 'zh-CN': '中', en: 'Medium' }, color: 'orange' },
  low: { label: { 'zh-CN': '低', en: 'Low' }, color: 'blue' },
} as const;

/** A package's highest severity, `none` when it has no risk: each a coloured tag. */
export const HIGHEST_SEVERITIES = { ...SEVERITIES, none: { label: { 'zh-CN': '无', en: 'None' }, color: 'green' } } as const;

/** One risk: its code's name, then its severity as a tag. */
export const riskItem: JsonSchema = {
  type: 'object',
  properties: {
    code: { type: 'string', 'x-ui': { title: { 'zh-CN': '风险', en: 'Risk' }, values: Object.fromEntries(Object.entries(RISK_CODES).map(([code, label]) => [code, { label }])) } },
    severity: { type: 'string', enum: Object.keys(SEVERITIES), 'x-ui': { title: { 'zh-CN': '严重程度', en: 'Severity' }, values: SEVERITIES } },
    detail: { type: 'string', 'x-ui': { title: { 'zh-CN': '说明', en: 'Detail' } } },
  },
  'x-ui': { summary: ['{{code}}'], tags: ['severity'] },
};
