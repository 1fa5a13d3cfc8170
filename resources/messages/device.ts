import type { Text } from '../types';

/** Device's refusals and its plain words on devices (`server/services/device`). */
export const deviceMessages: Record<string, Text> = {
  'no device testing for this app': { 'zh-CN': '该应用不存在或无权使用云真机测试', en: 'No device testing for this app' },
  'only an APK or a HAP can be tested on a device': { 'zh-CN': '真机测试只接受 APK 或 HAP 安装包', en: 'Only an APK or a HAP can be tested on a device' },
  'no such package': { 'zh-CN': '安装包不存在', en: 'No such package' },
  'the package is being tested': { 'zh-CN': '该安装包正在测试中，测试结束后才能删除', en: 'The package is being tested' },
};
