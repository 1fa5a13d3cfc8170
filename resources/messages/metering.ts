import type { Text } from '../types';

/** Messages the server sends from its metering calls: the English key and its text in both languages. */
export const meteringMessages: Record<string, Text> = {};
