import type { ServiceDecl } from './types';

export const upr: ServiceDecl = {
  name: 'upr',
  // Served by the platform API (spec 001 §7 "Device, UPR, Wind (platform API)").
  base: '/api/upr',
  convention: 'rest',
  catalogue: {
    icon: 'LineChartOutlined',
    displayName: { 'zh-CN': 'UPR 性能分析', en: 'UPR' },
    label: { 'zh-CN': '性能分析', en: 'Profiling' },
    description: {
      'zh-CN': '游戏性能分析：查看性能采集会话及其报告。',
      en: 'Game performance profiling: review profiling sessions and their reports.',
    },
    capabilities: [
      { 'zh-CN': '性能分析会话', en: 'Profiling sessions' },
      { 'zh-CN': '分析报告', en: 'Profiling reports' },
    ],
    docPage: '/doc/upr',
    mainService: false,
  },
  menu: [],
  resources: [],
};
