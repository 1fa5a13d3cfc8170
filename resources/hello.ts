import type { ServiceDecl } from './types';
import { PER, UNITS } from './meters';

export const hello: ServiceDecl = {
  name: 'hello',
  base: '/uhello/v1',
  convention: 'rest',
  catalogue: {
    icon: 'AudioOutlined',
    displayName: { 'zh-CN': 'Hello 实时语音', en: 'Hello' },
    label: { 'zh-CN': '实时语音', en: 'In-game voice' },
    description: {
      'zh-CN': '游戏内实时语音通话与录制，按日查看用量。',
      en: 'In-game voice chat and recording, with daily usage.',
    },
    capabilities: [
      { 'zh-CN': '游戏内实时语音通话', en: 'In-game voice chat' },
      { 'zh-CN': '通话录制', en: 'Recording' },
      { 'zh-CN': '按日查看用量', en: 'Daily usage' },
    ],
    productPage: '/product/hello',
    docPage: '/doc/hello',
    pricingTag: { 'zh-CN': '按通话与录制时长计费', en: 'Billed by voice and recording minutes' },
    mainService: false,
    // Spec 000 §4: Pending until its project exists; a missing project is created (org first, then project).
    needsProject: true,
  },
  // Spec 002 §9 "Hello", in currency units.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: {
    // per thousand minutes of voice
    rtc: '7',
    // per thousand minutes of recording
    recording: '9',
  },
  // Voice and recording time are recorded in minutes and billed per 1,000 minutes.
  meters: [
    { meter: 'rtc', label: { 'zh-CN': '实时语音', en: 'Voice' }, unit: UNITS.thousandMinutes, price: 'rtc', per: PER.thousand },
    { meter: 'recording', label: { 'zh-CN': '录制', en: 'Recording' }, unit: UNITS.thousandMinutes, price: 'recording', per: PER.thousand },
  ],
  menu: [],
  resources: [],
};
