import type { Text } from '../types';

/** Messages the server sends from passport's liveops calls: the English key and its text in both languages. */
export const passportLiveopsMessages: Record<string, Text> = {};
