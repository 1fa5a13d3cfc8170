import type { Text } from '../types';

/** Messages the server sends from its ops calls: the English key and its text in both languages. */
export const opsMessages: Record<string, Text> = {};
