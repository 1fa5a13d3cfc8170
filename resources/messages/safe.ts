import type { Text } from '../types';

/** Messages the server sends from Safe's calls and the package reader: the English key and its text in both languages. */
export const safeMessages: Record<string, Text> = {
  // The package reader (server/packages/)
  'not an installation package': { 'zh-CN': '文件不是安装包（支持 APK、AAB 和 HAP）', en: 'The file is not an installation package (APK, AAB or HAP)' },
  'the package unpacks to more than the limit': { 'zh-CN': '安装包解压后超过大小上限', en: 'The package unpacks to more than the size limit' },
  'the package is compressed beyond the allowed ratio': { 'zh-CN': '安装包的压缩比异常，已拒绝（疑似压缩炸弹）', en: 'The package is compressed beyond the allowed ratio (a suspected zip bomb)' },
  // Safe's calls
  'safe is not enabled for this app': { 'zh-CN': '该应用尚未启用安全加固', en: 'Safe is not enabled for this app' },
  'the package is not protected yet': { 'zh-CN': '安装包尚未完成加固', en: 'The package is not protected yet' },
  'link invalid or expired': { 'zh-CN': '链接无效或已过期', en: 'The link is invalid or has expired' },
};
