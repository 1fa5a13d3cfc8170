import type { Text } from '../types';

/** Messages the server sends from passport's players calls: the English key and its text in both languages. */
export const passportPlayersMessages: Record<string, Text> = {};
