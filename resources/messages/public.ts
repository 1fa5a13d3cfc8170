import type { Text } from '../types';
import { accountMessages } from './account';
import { coreMessages } from './core';

/**
 * The messages every page can meet (the engine's, signing in and up). The site and payment pages add their own
 * when they load, the console all the others (console.ts).
 */
export const publicMessages: Record<string, Text> = { ...coreMessages, ...accountMessages };
