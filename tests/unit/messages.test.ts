import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookupMessage, serverMessages } from '../../resources/messages';

/** Every `.ts` file under a directory. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A message literal as the dictionary would match it: template parts become the variable marker's text. */
const asSent = (literal: string) => literal.replace(/\$\{[^}]+\}/g, 'x');

// The places the server puts a message for the user: error helpers, ApiError, and field errors' `message`.
const PATTERNS = [
  /\bmessage\s*=\s*(['"`])((?:(?!\1).)+)\1/g,
  /\b(?:forbidden|unauthorized|notFound)\(\s*(['"`])((?:(?!\1).)+)\1/g,
  /new ApiError\(\s*\d+\s*,\s*'[A-Z_]+'\s*,\s*(['"`])((?:(?!\1).)+)\1/g,
  /\bconflict\(\s*'[A-Z_]+'\s*,\s*(['"`])((?:(?!\1).)+)\1/g,
  /\bbadRequest\(\s*\[[^\]]*?\]\s*,\s*(['"`])((?:(?!\1).)+)\1/g,
  /\bmessage:\s*(['"`])((?:(?!\1).)+)\1/g,
];

function serverMessageLiterals(): { message: string; file: string }[] {
  const found: { message: string; file: string }[] = [];
  for (const file of sources('server')) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of PATTERNS) {
      for (const m of text.matchAll(pattern)) found.push({ message: asSent(m[2]), file });
    }
  }
  return found;
}

describe('the error dictionary', () => {
  it('has a Chinese and an English text for every message the server code sends', () => {
    const literals = serverMessageLiterals();
    // The scan itself must see the server's messages, or this test proves nothing.
    expect(literals.map((l) => l.message)).toEqual(expect.arrayContaining(['permission denied', 'invalid username or password', 'login expired']));
    const missing = literals.filter((l) => !lookupMessage(l.message)).map((l) => `${l.file}: ${l.message}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('gives every entry two non-empty texts', () => {
    for (const [key, text] of Object.entries(serverMessages)) {
      expect(text['zh-CN'].trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
    }
  });

  it('holds the messages the spec names (spec 000 §8)', () => {
    for (const key of [
      'permission denied',
      'invalid parameters',
      'invalid username or password',
      'failed to find token',
      'token has been fulfilled',
      'only pending transactions can be cancelled',
      'the transaction already had an invoice',
      'organization already created',
    ]) {
      expect(lookupMessage(key), key).toBeDefined();
    }
    expect(lookupMessage('Failed To Find Token')?.['zh-CN']).toBe('兑换码不存在');
    expect(lookupMessage('not a valid INT value')?.['zh-CN']).toBe('不是合法的 INT 值');
  });
});
