import type { Text } from '../types';

/** Messages the server sends from its billing calls: the English key and its text in both languages. */
export const billingMessages: Record<string, Text> = {};
