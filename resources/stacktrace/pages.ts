/**
 * Stacktrace's console pages (spec 002 §2): `stacktrace/management`, the symbol files with their upload;
 * `stacktrace/record`, the crash records (the resource's own list); `stacktrace/record/parseLogs`, a log pasted and
 * parsed, its symbolicated record shown.
 */
import type { MenuEntry, PageDecl, Text } from '../types';
import { STACKTRACE_ROUTES } from './resources';

/** A tombstone to start from: paste your own in its place. */
const EXAMPLE_TOMBSTONE = [
  'signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0',
  'backtrace:',
  '  #00 pc 000000000001a234  /data/app/com.example.game/lib/arm64/libgame.so (BuildId: 3f2a9c01d7e4b8150a6c2e4f8b9d1a7c55aa66bb)',
  '  #01 pc 000000000001a348  /data/app/com.example.game/lib/arm64/libgame.so (BuildId: 3f2a9c01d7e4b8150a6c2e4f8b9d1a7c55aa66bb)',
  '',
].join('\n');

const SYMBOLS: Text = { 'zh-CN': '符号文件', en: 'Symbol files' };
const RECORDS: Text = { 'zh-CN': '崩溃记录', en: 'Crash records' };
const PARSE: Text = { 'zh-CN': '日志解析', en: 'Parse logs' };

export const stacktraceMenu: MenuEntry[] = [
  { route: STACKTRACE_ROUTES.records, label: RECORDS },
  { route: STACKTRACE_ROUTES.symbols, label: SYMBOLS },
  { route: STACKTRACE_ROUTES.parseLogs, label: PARSE },
];

export const stacktracePages: PageDecl[] = [
  {
    route: STACKTRACE_ROUTES.symbols,
    label: SYMBOLS,
    view: {
      name: 'symbols',
      label: SYMBOLS,
      subtitle: {
        'zh-CN': '每个应用版本的符号文件：按 GNU 构建标识识别的 ELF 共享库，以及 Breakpad 的 .sym 文件。崩溃帧按模块标识用它们解析。',
        en: "Each app version's symbol files: ELF shared objects keyed by their GNU build-id, and Breakpad .sym files. Crash frames are symbolicated with them by module id.",
      },
      path: '/stacktrace/symbols',
      listKey: 'items',
      row: 'symbols',
      columns: ['fileName', 'appVersion', 'kind', 'buildId', 'arch', 'size', 'functionCount', 'hasLines', 'createdAt'],
      rowKey: 'id',
      empty: { 'zh-CN': '还没有上传符号文件', en: 'No symbol files uploaded yet' },
      emptyFiltered: { 'zh-CN': '没有符合条件的符号文件', en: 'No symbol files match' },
      paging: { mode: 'server', pageSize: 20, by: 'page' },
      links: [{ route: STACKTRACE_ROUTES.records, label: RECORDS }],
      uploads: [{ call: 'uploadSymbols', label: { 'zh-CN': '上传符号文件', en: 'Upload a symbol file' }, fileNameParam: 'fileName', opens: 'symbols' }],
    },
  },
  {
    route: STACKTRACE_ROUTES.parseLogs,
    label: PARSE,
    component: 'playground',
    playground: {
      examples: [
        { name: 'parse', label: { 'zh-CN': '解析崩溃日志', en: 'Parse a crash log' }, body: { version: '1.4.0', log: EXAMPLE_TOMBSTONE } },
        { name: 'reparse', label: { 'zh-CN': '重新解析', en: 'Parse again' } },
        { name: 'metrics.topk', label: { 'zh-CN': '最常见的崩溃', en: 'The most frequent crashes' } },
      ],
    },
  },
];
