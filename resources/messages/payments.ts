import type { Text } from '../types';

/** Messages the server sends from its payments calls: the English key and its text in both languages. */
export const paymentsMessages: Record<string, Text> = {};
