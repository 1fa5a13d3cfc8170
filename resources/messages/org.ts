import type { Text } from '../types';

/** Messages the server sends from its org calls: the English key and its text in both languages. */
export const orgMessages: Record<string, Text> = {};
