import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureLimiter } from '../../server/auth/failures';
import type { Db } from '../../server/db';
import { testDatabase } from './harness';

let db: Db;
let drop: () => Promise<void>;

// In memory, or in a database of its own on DATABASE_URL's PostgreSQL (where attempts arriving together really race).
beforeAll(async () => {
  ({ db, drop } = await testDatabase());
});

afterAll(async () => {
  await drop?.();
});

const counted = async (key: string) => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sign_in_failures WHERE key = $1', [key])).rows[0].n);

describe('failed sign-in limiter', () => {
  it('lets a key through as many times as the limit within the window, then refuses it; other keys are apart', async () => {
    const limiter = new FailureLimiter(db, 3, 60_000);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await limiter.attempt('limit|a'));
    expect(answers).toEqual([true, true, true, false, false]);
    // A refused attempt is not counted: the key leaves the limit when its oldest attempt leaves the window.
    expect(await counted('limit|a')).toBe(3);
    expect(await limiter.attempt('limit|b')).toBe(true);
  });

  it('counts attempts arriving together once each, never past the limit', async () => {
    const limiter = new FailureLimiter(db, 4, 60_000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => limiter.attempt('together')));
    expect(answers.filter(Boolean)).toHaveLength(4);
    expect(await counted('together')).toBe(4);
  });

  it('forgets attempts older than the window', async () => {
    const limiter = new FailureLimiter(db, 2, 1_000);
    await db.query("INSERT INTO sign_in_failures (key, at) VALUES ('window', now() - interval '5 seconds'), ('window', now() - interval '5 seconds')");
    expect(await limiter.attempt('window')).toBe(true);
    expect(await limiter.attempt('window')).toBe(true);
    expect(await limiter.attempt('window')).toBe(false);
  });

  it('clears a key (a right password), and only that key', async () => {
    const limiter = new FailureLimiter(db, 1, 60_000);
    expect(await limiter.attempt('clear|a')).toBe(true);
    expect(await limiter.attempt('clear|b')).toBe(true);
    await limiter.clear('clear|a');
    expect(await limiter.attempt('clear|a')).toBe(true);
    expect(await limiter.attempt('clear|b')).toBe(false);
  });
});
