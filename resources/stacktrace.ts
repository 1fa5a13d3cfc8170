import type { ServiceDecl } from './types';
import { stacktraceCalls } from './stacktrace/calls';
import { stacktraceMenu, stacktracePages } from './stacktrace/pages';
import { stacktraceResources } from './stacktrace/resources';
import { refreshTokenCall } from './refresh-token';

/** Where the app's cached credentials are dropped (the spec's refresh-token call). */
const REFRESH_TOKEN_PATH = '/stacktrace/refresh-token';

export const stacktrace: ServiceDecl = {
  name: 'stacktrace',
  // The version root; the calls live under /stacktrace (spec 002 §7 "Stacktrace (/stacktrace/v1/stacktrace)").
  base: '/stacktrace/v1',
  convention: 'rest',
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'BugOutlined',
    displayName: { 'zh-CN': '崩溃分析', en: 'Stacktrace' },
    label: { 'zh-CN': '崩溃堆栈解析', en: 'Crash symbolication' },
    description: {
      'zh-CN': '崩溃堆栈符号化：上传符号文件，解析崩溃记录并打标签整理。',
      en: 'Crash symbolication: upload symbol files, parse crash records and tag them.',
    },
    capabilities: [
      { 'zh-CN': '上传符号文件', en: 'Symbol file uploads' },
      { 'zh-CN': '解析崩溃记录', en: 'Crash records parsed' },
      { 'zh-CN': '为崩溃打标签', en: 'Crashes tagged' },
    ],
    productPage: '/product/stacktrace',
    docPage: '/doc/stacktrace',
    mainService: false,
  },
  menu: stacktraceMenu,
  pages: stacktracePages,
  resources: stacktraceResources,
  calls: { ...stacktraceCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
};
