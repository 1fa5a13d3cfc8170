import type { Text } from '../types';
import { accountMessages } from './account';
import { coreMessages } from './core';
import { opsMessages } from './ops';
import { orgMessages } from './org';

/**
 * The error dictionary: every message the server sends (an English key, matched case-insensitively; `{0}` marks
 * a variable part) with its text in both console languages.
 */
export const serverMessages: Record<string, Text> = { ...coreMessages, ...accountMessages, ...orgMessages, ...opsMessages };
