import type { Text } from '../types';
import { services } from '../index';
import { consoleMessages } from './console';
import { addServerMessages } from './lookup';
import { publicMessages } from './public';
import { referenceMessagesOf } from './references';

export { lookupMessage } from './lookup';

/**
 * The error dictionary: every message the server sends (an English key, matched case-insensitively; `{0}` marks
 * a variable part) with its text in both console languages. The console loads it in two parts (public.ts with
 * every page, console.ts with the console, each service's refusals of a delete as the service loads); importing this
 * file loads it whole.
 */
export const serverMessages: Record<string, Text> = { ...publicMessages, ...consoleMessages, ...referenceMessagesOf(services) };
addServerMessages(serverMessages);
