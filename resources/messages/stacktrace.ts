import type { Text } from '../types';

/** Messages the server sends from Stacktrace's calls and its symbol file reader: the English key and its text in both languages. */
export const stacktraceMessages: Record<string, Text> = {
  // The symbol file reader (server/services/stacktrace/symbol-files.ts)
  'neither an ELF shared object nor a Breakpad .sym file': { 'zh-CN': '文件既不是 ELF 共享库，也不是 Breakpad .sym 符号文件', en: 'The file is neither an ELF shared object nor a Breakpad .sym file' },
  'an ELF symbol file needs at least 52 bytes and a GNU build-id note': { 'zh-CN': 'ELF 符号文件至少需要 52 字节，并含有 GNU 构建标识注记', en: 'An ELF symbol file needs at least 52 bytes and a GNU build-id note' },
  'not a readable ELF file (corrupt or truncated headers)': { 'zh-CN': '无法读取的 ELF 文件（头部损坏或被截断）', en: 'Not a readable ELF file (corrupt or truncated headers)' },
  "truncated ELF file: section {0} ends past the file's end": { 'zh-CN': 'ELF 文件被截断：节 {0} 超出了文件末尾', en: "Truncated ELF file: section {0} ends past the file's end" },
  'a Breakpad symbol file is text': { 'zh-CN': 'Breakpad 符号文件应为文本', en: 'A Breakpad symbol file is text' },
  'line 1: a Breakpad symbol file starts with MODULE <os> <arch> <id> <name>': {
    'zh-CN': '第 1 行：Breakpad 符号文件应以 MODULE <系统> <架构> <ID> <名称> 开头',
    en: 'Line 1: a Breakpad symbol file starts with MODULE <os> <arch> <id> <name>',
  },
  'line {0}: not a Breakpad record: {1}': { 'zh-CN': '第 {0} 行：不是 Breakpad 记录：{1}', en: 'Line {0}: not a Breakpad record: {1}' },
  'line {0}: a line record outside a FUNC': { 'zh-CN': '第 {0} 行：行号记录不在 FUNC 记录之内', en: 'Line {0}: a line record outside a FUNC' },
  // Stacktrace's calls
  'no such crash record': { 'zh-CN': '崩溃记录不存在', en: 'No such crash record' },
};
