/** Console texts of a Device session's page (its screenshot and log), under the `device` key; both languages have the same keys. */
export const device = {
  'zh-CN': {
    session: {
      screenshot: '测试结束时的截图',
      noScreenshot: '该测试没有截图',
      screenshotAlt: '设备截图',
      log: '随机事件测试输出与设备日志',
      noLog: '该测试没有日志',
    },
  },
  en: {
    session: {
      screenshot: 'Screen at the end of the test',
      noScreenshot: 'The session took no screenshot',
      screenshotAlt: 'Device screenshot',
      log: 'Monkey output and device log',
      noLog: 'The session has no log',
    },
  },
};
