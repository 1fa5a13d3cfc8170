import type { Text } from '../types';

/** Messages the server sends from passport's leaderboards calls: the English key and its text in both languages. */
export const passportLeaderboardsMessages: Record<string, Text> = {};
