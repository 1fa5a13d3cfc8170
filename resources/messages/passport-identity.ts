import type { Text } from '../types';

/** Messages the server sends from passport's identity calls: the English key and its text in both languages. */
export const passportIdentityMessages: Record<string, Text> = {};
