import type { ServiceDecl } from './types';
import { PER, UNITS } from './meters';
import { deviceCalls } from './device/calls';
import { DEVICE_DEMO } from './device/demo';
import { DEVICE_MENU, devicePages } from './device/pages';
import { deviceResources } from './device/resources';

export const device: ServiceDecl = {
  name: 'device',
  // Served by the platform API (spec 001 §7 "Device, UPR, Wind (platform API)").
  base: '/api/device',
  convention: 'rest',
  catalogue: {
    icon: 'MobileOutlined',
    displayName: { 'zh-CN': '云真机', en: 'Device' },
    label: { 'zh-CN': '云真机测试', en: 'Real-device testing' },
    description: {
      'zh-CN': '云端真机测试：上传安装包，在真实设备上测试，并查看测试记录与用量。',
      en: 'Cloud real-device testing: upload packages, test them on real devices, and review sessions and usage.',
    },
    capabilities: [
      { 'zh-CN': '上传安装包', en: 'Package uploads' },
      { 'zh-CN': '在真机上测试', en: 'Tests on real devices' },
      { 'zh-CN': '查看测试记录与用量', en: 'Sessions and usage reviewed' },
    ],
    docPage: '/doc/device',
    pricingTag: { 'zh-CN': '按真机使用时长计费', en: 'Billed by device time' },
    mainService: false,
  },
  // Spec 001 §9 "Device 0.1": currency units per device-minute.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: { deviceMinute: '0.1' },
  // Device time is recorded in seconds and billed per device-minute.
  meters: [{ meter: 'device-seconds', label: { 'zh-CN': '真机使用时长', en: 'Device time' }, unit: UNITS.deviceMinute, price: 'deviceMinute', per: PER.minute }],
  menu: DEVICE_MENU,
  pages: devicePages,
  resources: deviceResources,
  calls: deviceCalls,
  demo: DEVICE_DEMO,
};
