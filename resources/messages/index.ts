import type { Text } from '../types';
import { accountMessages } from './account';
import { billingMessages } from './billing';
import { meteringMessages } from './metering';
import { paymentsMessages } from './payments';
import { appsMessages } from './apps';
import { coreMessages } from './core';
import { opsMessages } from './ops';
import { orgMessages } from './org';
import { passportIdentityMessages } from './passport-identity';
import { passportEconomyMessages } from './passport-economy';
import { passportLeaderboardsMessages } from './passport-leaderboards';
import { passportPlayersMessages } from './passport-players';
import { passportLiveopsMessages } from './passport-liveops';
import { passportConsoleMessages } from './passport-console';

/**
 * The error dictionary: every message the server sends (an English key, matched case-insensitively; `{0}` marks
 * a variable part) with its text in both console languages.
 */
export const serverMessages: Record<string, Text> = { ...coreMessages, ...accountMessages, ...orgMessages, ...appsMessages, ...opsMessages, ...billingMessages, ...meteringMessages, ...paymentsMessages, ...passportIdentityMessages, ...passportEconomyMessages, ...passportLeaderboardsMessages, ...passportPlayersMessages, ...passportLiveopsMessages, ...passportConsoleMessages };

interface Pattern {
  test: RegExp;
  text: Text;
}

const exact = new Map<string, Text>();
const patterns: Pattern[] = [];
for (const [key, text] of Object.entries(serverMessages)) {
  if (!/\{\d\}/.test(key)) {
    exact.set(key.toLowerCase(), text);
    continue;
  }
  const source = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\d\\\}/g, '(.+?)');
  patterns.push({ test: new RegExp(`^${source}$`, 'i'), text });
}

const fill = (template: string, values: string[]) => template.replace(/\{(\d)\}/g, (_, i: string) => values[Number(i)] ?? '');

/** The dictionary entry for a message as sent, with its variable parts (`{0}`, `{1}`…) filled into both texts. */
export function lookupMessage(message: string): Text | undefined {
  const trimmed = message.trim();
  const hit = exact.get(trimmed.toLowerCase());
  if (hit) return hit;
  for (const p of patterns) {
    const m = p.test.exec(trimmed);
    if (m) return { 'zh-CN': fill(p.text['zh-CN'], m.slice(1)), en: fill(p.text.en, m.slice(1)) };
  }
  return undefined;
}
