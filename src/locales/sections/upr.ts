/** Console texts of UPR's session charts, under the `upr` key; both languages have the same keys. */
export const upr = {
  'zh-CN': {
    charts: {
      title: '性能曲线',
      frameTime: '帧耗时（毫秒）',
      frame: '帧耗时',
      memory: '内存（MB）',
      memorySeries: '内存',
      gc: 'GC 耗时（毫秒）',
      gcSeries: 'GC',
      seconds: '{{s}} 秒',
      empty: '该会话没有采样',
      noMemory: '该会话没有上报内存',
      noGc: '该会话没有 GC',
    },
  },
  en: {
    charts: {
      title: 'Performance over time',
      frameTime: 'Frame time (ms)',
      frame: 'Frame time',
      memory: 'Memory (MB)',
      memorySeries: 'Memory',
      gc: 'GC time (ms)',
      gcSeries: 'GC',
      seconds: '{{s}} s',
      empty: 'The session has no samples',
      noMemory: 'The session reported no memory',
      noGc: 'No GC ran in the session',
    },
  },
};
