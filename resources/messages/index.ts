import type { Text } from '../types';
import { consoleMessages } from './console';
import { addServerMessages } from './lookup';
import { publicMessages } from './public';

export { lookupMessage } from './lookup';

/**
 * The error dictionary: every message the server sends (an English key, matched case-insensitively; `{0}` marks
 * a variable part) with its text in both console languages. The console loads it in two parts (public.ts with
 * every page, console.ts with the console); importing this file loads it whole.
 */
export const serverMessages: Record<string, Text> = { ...publicMessages, ...consoleMessages };
addServerMessages(serverMessages);
