import type { Text } from '../types';

/** Messages the server sends from its account calls: the English key and its text in both languages. */
export const accountMessages: Record<string, Text> = {};
