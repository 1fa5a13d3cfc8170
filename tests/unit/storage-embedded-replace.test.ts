import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EmbeddedPostgres } from '../../server/services/storage/embedded-pg';

/**
 * A restore replaces an embedded database by a new one. Whatever opens the database meanwhile (the metrics sampler
 * reads its size on a schedule) must wait for the new one: a second PGlite opened on the directory being filled
 * would keep serving its own stale view afterwards, and the restored tables would seem missing.
 */
let root: string;
let embedded: EmbeddedPostgres;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'lodestar-embedded-'));
  embedded = new EmbeddedPostgres(root, { host: '127.0.0.1', port: 0 }, async () => undefined);
});
afterAll(async () => {
  await embedded.close();
  await rm(root, { recursive: true, force: true });
});

it('a database opened while a restore fills it is the restored one', async () => {
  const id = 'restored-db';
  await embedded.create(id);
  let sampled: Promise<unknown> | undefined;
  await embedded.replace(id, async (db) => {
    // A sample asked for in the middle of the restore, given time to open what it would open.
    sampled = embedded.figures(id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await db.exec("CREATE TABLE scores (player text, points int); INSERT INTO scores VALUES ('ann', 7), ('bo', 3);");
  });
  const figures = (await sampled) as { sizeBytes: number };
  expect(figures.sizeBytes).toBeGreaterThan(0);
  const copy = await embedded.snapshot(id);
  try {
    expect((await copy.query('SELECT player, points FROM scores ORDER BY player')).rows).toEqual([
      { player: 'ann', points: 7 },
      { player: 'bo', points: 3 },
    ]);
  } finally {
    await copy.close();
  }
}, 120_000);
