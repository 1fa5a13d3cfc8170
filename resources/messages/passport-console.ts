import type { Text } from '../types';

/** Messages the server sends from passport's console calls: the English key and its text in both languages. */
export const passportConsoleMessages: Record<string, Text> = {};
