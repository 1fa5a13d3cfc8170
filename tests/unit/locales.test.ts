import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/locales/en';
import { zhCN } from '../../src/locales/zh-CN';
import { sections } from '../../src/locales/sections';
import { hasText, keyMentioned, keyMentions, textKeys } from '../texts';

const dictionaries = { 'zh-CN': { ...zhCN, ...sections['zh-CN'] }, en: { ...en, ...sections.en } };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The leaf keys of a nested dictionary, dotted. */
function leaves(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('console texts', () => {
  it('exist in both languages for every key the console asks for by name', () => {
    const used = new Set<string>();
    for (const file of [...files('src'), ...files('providers')]) {
      for (const key of textKeys(readFileSync(file, 'utf8'))) used.add(key);
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].flatMap((key) =>
      (['zh-CN', 'en'] as const).filter((locale) => !hasText(dictionaries[locale], key)).map((locale) => `${locale}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('of the service sections are each named by some code (a whole key, or the fixed part of one built in a template)', () => {
    const checked = ['billing', 'payments', 'passportConsole', 'passportLeaderboards', 'passportLiveops', 'passportPlayers'] as const;
    const sources = [...files('src'), ...files('providers'), ...files('resources')].filter((f) => !f.startsWith(join('src', 'locales'))).map((f) => readFileSync(f, 'utf8'));
    const mentions = keyMentions(sources);
    const unused = checked.flatMap((section) => leaves(sections.en[section], section)).filter((key) => !keyMentioned(key, mentions));
    expect(unused).toEqual([]);
  });

  it('have the same keys in Chinese and English', () => {
    expect(leaves(dictionaries.en).sort()).toEqual(leaves(dictionaries['zh-CN']).sort());
  });
});
