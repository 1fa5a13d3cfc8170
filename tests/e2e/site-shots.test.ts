import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeSiteShots } from '../../scripts/site-shots-take';
import { SHOT_LOCALES, SHOT_SCREENS, shotAddress } from '../../src/pages/site/products';
import { ROOT, startServer, type RunningServer } from './server';

/**
 * The product pages' screenshots come from the real console: the suite takes every one again from a server on fresh
 * demo data (the screen must show its table's rows), and each is a picture of the size of the one the site serves.
 */

let server: RunningServer;
let dir: string;

/** A PNG's width and height, from its header. */
const sizeOf = (file: string) => {
  const head = readFileSync(file);
  expect(head.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
};

beforeAll(async () => {
  server = await startServer();
  dir = mkdtempSync(join(tmpdir(), 'lodestar-shots-'));
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the product pages' screenshots", () => {
  it('are taken from the console of a running server, each screen in both languages, the size of the served ones', { timeout: 180_000 }, async () => {
    const saved = await takeSiteShots(server.url, dir);
    const expected = SHOT_LOCALES.flatMap((locale) => Object.keys(SHOT_SCREENS).map((name) => shotAddress(name, locale)));
    expect(saved.map((file) => file.slice(dir.length))).toEqual(expected);
    for (const address of expected) {
      const taken = join(dir, address);
      // A screen with its rows, not an empty page: a blank 1440 × 900 picture compresses to a few kilobytes.
      expect(readFileSync(taken).length).toBeGreaterThan(30_000);
      expect(sizeOf(taken)).toEqual(sizeOf(join(ROOT, 'public', address)));
    }
  });
});
