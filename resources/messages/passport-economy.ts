import type { Text } from '../types';

/** Messages the server sends from passport's economy calls: the English key and its text in both languages. */
export const passportEconomyMessages: Record<string, Text> = {};
