import type { Text } from '../types';

/** Device's refusals and its plain words on devices (`server/services/device`). */
export const deviceMessages: Record<string, Text> = {
  'no device testing for this app': { 'zh-CN': '该应用不存在或无权使用云真机测试', en: 'No device testing for this app' },
  'only an APK or a HAP can be tested on a device': { 'zh-CN': '真机测试只接受安卓或鸿蒙安装包', en: 'Only an APK or a HAP can be tested on a device' },
  'no such package': { 'zh-CN': '安装包不存在', en: 'No such package' },
  'the package is being tested': { 'zh-CN': '该安装包正在测试中，测试结束后才能删除', en: 'The package is being tested' },
  'the session has finished': { 'zh-CN': '测试已结束', en: 'The session has finished' },
  'no adb server answers on this host, so no device can be used': { 'zh-CN': '本机没有可连接的安卓调试桥服务，暂时无法使用真机', en: 'No adb server answers on this host, so no device can be used' },
  'no device is attached to this host': { 'zh-CN': '本机暂未连接任何设备', en: 'No device is attached to this host' },
  'no such device is attached': { 'zh-CN': '未连接该设备', en: 'No such device is attached' },
  'the device is not ready (offline or not authorised)': { 'zh-CN': '设备未就绪（离线或未授权调试）', en: 'The device is not ready (offline or not authorised)' },
  'the app may not use this device': { 'zh-CN': '该应用的配置不允许使用此设备', en: 'The app may not use this device' },
  'the device is busy with another session': { 'zh-CN': '设备正在执行其他测试', en: 'The device is busy with another session' },
  'every device the app may use is busy': { 'zh-CN': '该应用可用的设备都在测试中', en: 'Every device the app may use is busy' },
  'a HAP is installed with HarmonyOS tools, not adb: only an APK can be tested on these devices': { 'zh-CN': '鸿蒙安装包需用鸿蒙工具安装，不能通过安卓调试桥安装：这些设备只能测试安卓安装包', en: 'A HAP is installed with HarmonyOS tools, not adb: only an APK can be tested on these devices' },
};
