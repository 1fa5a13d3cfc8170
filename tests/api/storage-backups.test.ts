import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, createDatabase, D, settled, startStorage, type Created, type StorageHarness } from './storage-fixtures';

let h: StorageHarness;
beforeAll(async () => {
  h = await startStorage();
}, 180_000);
afterAll(() => h?.close());

const PASSWORD = 'Sturdy#Pass42';

interface Backup {
  id: string;
  status: string;
  size: number;
  rawSize: number;
  fileName: string;
  format: string;
  restoredAt?: string;
  requestId: string;
}

/** Backs the database up now; answers the finished backup (the request must succeed). */
async function backUp(db: Created): Promise<Backup> {
  const res = await h.store('POST', `${D}/${db.id}/backup`);
  expect(res.statusCode).toBe(200);
  const { requestId, backupId, status } = res.json();
  expect(status).toBe('running');
  const request = await settled(h, db.id, requestId);
  expect(request).toMatchObject({ kind: 'backup', status: 'SUCCESS', backupId });
  return (await h.store('GET', `${D}/${db.id}/backups/${backupId}`)).json();
}

/** The path and query of a signed link (the test server is reached in-process). */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function download(db: Created, backup: Backup, query = '') {
  const res = await h.store('GET', `${D}/${db.id}/backups/${backup.id}/download-urls${query}`);
  expect(res.statusCode).toBe(200);
  // One link per file of the backup: a backup is one gzip file.
  const { urls } = res.json() as { urls: { url: string; expiresAt: string; name: string; size: number }[] };
  expect(urls).toHaveLength(1);
  return urls[0];
}

async function restore(db: Created, backup: Backup) {
  const res = await h.store('POST', `${D}/${db.id}/backups/${backup.id}/restore`);
  expect(res.statusCode).toBe(200);
  expect(res.json().requestId).toBeTruthy();
  expect(await settled(h, db.id, res.json().requestId)).toMatchObject({ kind: 'restore', status: 'SUCCESS', backupId: backup.id });
}

describe('backups of an embedded PostgreSQL database', () => {
  let db: Created;
  let backup: Backup;

  beforeAll(async () => {
    db = await createDatabase(h, { name: 'saved-game', username: 'saver', password: PASSWORD });
    const client = await connectTo(db, PASSWORD);
    await client.query('CREATE TABLE scores (id serial PRIMARY KEY, player text NOT NULL, points int NOT NULL)');
    await client.query("INSERT INTO scores (player, points) VALUES ('ann', 7), ('bo''b', 3), ('小明', 12)");
    await client.end();
    backup = await backUp(db);
  }, 120_000);

  it('are listed on the database with their state, format and sizes', async () => {
    expect(backup).toMatchObject({ status: 'SUCCESS', format: 'sql', databaseId: db.id });
    expect(backup.fileName).toMatch(/^saved-game-\d{8}-\d{6}\.sql\.gz$/);
    expect(backup.size).toBeGreaterThan(0);
    expect(backup.rawSize).toBeGreaterThan(0);
    const list = await h.store('GET', `${D}/${db.id}/backups`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((b: Backup) => b.id)).toContain(backup.id);
  });

  it('download through a signed link: the gzip file is the SQL dump of the user’s data', async () => {
    const link = await download(db, backup);
    expect(link).toMatchObject({ name: backup.fileName, size: backup.size });
    const file = await h.req({ method: 'GET', url: pathOf(link.url) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(backup.size);
    const dump = gunzipSync(file.rawPayload);
    expect(dump.length).toBe(backup.rawSize);
    const sql = dump.toString('utf8');
    expect(sql).toContain('CREATE TABLE public.scores');
    expect(sql).toContain("'bo''b'");
    expect(sql).toContain('小明');
  });

  it('restore the database: what was changed after the backup is replaced by the backup’s data', async () => {
    const client = await connectTo(db, PASSWORD);
    await client.query("DELETE FROM scores WHERE player = 'ann'");
    await client.query("UPDATE scores SET points = 0 WHERE player = '小明'");
    await client.query('CREATE TABLE later (x int)');
    await client.end();

    await restore(db, backup);
    expect((await h.store('GET', `${D}/${db.id}`)).json().status).toBe('running');
    const after = await connectTo(db, PASSWORD);
    expect((await after.query('SELECT player, points FROM scores ORDER BY id')).rows).toEqual([
      { player: 'ann', points: 7 },
      { player: "bo'b", points: 3 },
      { player: '小明', points: 12 },
    ]);
    expect((await after.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'later'")).rows[0].n).toBe(0);
    // The sequence was restored too: the next row follows the backup's.
    expect((await after.query("INSERT INTO scores (player, points) VALUES ('cy', 1) RETURNING id")).rows[0].id).toBe(4);
    await after.end();
    expect((await h.store('GET', `${D}/${db.id}/backups/${backup.id}`)).json().restoredAt).toBeTruthy();
  });

  it('restore into another database of the app: the copy holds the backup’s data for its own user, the source is untouched', async () => {
    const copy = await createDatabase(h, { name: 'saved-copy', username: 'copier', password: PASSWORD });
    const source = await connectTo(db, PASSWORD);
    await source.query("INSERT INTO scores (player, points) VALUES ('only-in-source', 1)");
    await source.end();
    // With the version read, as the console sends every state action (a service-run action's fields take it too).
    const read = (await h.store('GET', `${D}/${db.id}/backups/${backup.id}`)).json();
    const res = await h.store('POST', `${D}/${db.id}/backups/${backup.id}/restore`, { databaseId: copy.id, version: read.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(await settled(h, copy.id, res.json().requestId)).toMatchObject({ kind: 'restore', status: 'SUCCESS', backupId: backup.id });
    const copied = await connectTo(copy, PASSWORD);
    expect((await copied.query('SELECT player, points FROM scores ORDER BY id')).rows).toEqual([
      { player: 'ann', points: 7 },
      { player: "bo'b", points: 3 },
      { player: '小明', points: 12 },
    ]);
    await copied.end();
    const still = await connectTo(db, PASSWORD);
    expect((await still.query("SELECT count(*)::int AS n FROM scores WHERE player = 'only-in-source'")).rows[0].n).toBe(1);
    await still.query("DELETE FROM scores WHERE player = 'only-in-source'");
    await still.end();
    // A database the app does not have is refused, naming the field.
    const unknown = await h.store('POST', `${D}/${db.id}/backups/${backup.id}/restore`, { databaseId: 'no-such-database' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('/databaseId');
  });

  it('refuse a link past its expiry and a forged one', async () => {
    const link = await download(db, backup, '?expiresIn=1');
    const forged = pathOf(link.url).replace(/sig=[^&]+/, 'sig=forged');
    expect((await h.req({ method: 'GET', url: forged })).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, Date.parse(link.expiresAt) - Date.now() + 1100));
    const late = await h.req({ method: 'GET', url: pathOf(link.url) });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('link expired');
  });

  it('refuse a link asked for longer than a week, and another app’s backups and restores', async () => {
    expect((await h.store('GET', `${D}/${db.id}/backups/${backup.id}/download-urls?expiresIn=999999999`)).statusCode).toBe(400);
    expect((await h.otherStore('GET', `${D}/${db.id}/backups`)).statusCode).toBe(404);
    expect((await h.otherStore('GET', `${D}/${db.id}/backups/${backup.id}/download-urls`)).statusCode).toBe(404);
    expect((await h.otherStore('POST', `${D}/${db.id}/backups/${backup.id}/restore`)).statusCode).toBe(404);
    expect((await h.otherStore('POST', `${D}/${db.id}/backup`)).statusCode).toBe(404);
  });

  it('delete a backup with its file: its link then finds nothing', async () => {
    const extra = await backUp(db);
    const link = await download(db, extra);
    expect((await h.store('DELETE', `${D}/${db.id}/backups/${extra.id}`)).statusCode).toBe(204);
    expect((await h.req({ method: 'GET', url: pathOf(link.url) })).statusCode).toBe(404);
    expect((await h.store('GET', `${D}/${db.id}/backups/${extra.id}`)).statusCode).toBe(404);
  });
});

describe('backups and the database’s state', () => {
  it('go with their database: a deleted database’s backup files are gone', async () => {
    const db = await createDatabase(h, { name: 'short-lived', username: 'brief', password: PASSWORD });
    const backup = await backUp(db);
    const link = await download(db, backup);
    expect((await h.store('DELETE', `${D}/${db.id}`)).statusCode).toBe(204);
    expect((await h.req({ method: 'GET', url: pathOf(link.url) })).statusCode).toBe(404);
  });

  it('are refused while the database is not running, and a backup not finished is neither restored nor downloaded', async () => {
    const res = await h.store('POST', D, { name: 'not-yet', engine: 'postgresql', region: 'ap-shanghai', instanceType: 's1', username: 'notyet', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    const made = res.json() as Created;
    // Still being made (a new database directory takes seconds).
    const refused = await h.store('POST', `${D}/${made.id}/backup`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('only a running database can do this');
    expect(await settled(h, made.id, made.requestId)).toMatchObject({ status: 'SUCCESS' });
    expect((await h.store('GET', `${D}/${made.id}/backups`)).json().items).toEqual([]);

    const started = await h.store('POST', `${D}/${made.id}/backup`);
    const { backupId } = started.json();
    // At once, while its request copies the database: a RUNNING backup is neither downloaded nor restored.
    expect((await h.store('GET', `${D}/${made.id}/backups/${backupId}`)).json().status).toBe('RUNNING');
    expect((await h.store('POST', `${D}/${made.id}/backups/${backupId}/restore`)).statusCode).toBe(409);
    expect((await h.store('GET', `${D}/${made.id}/backups/${backupId}/download-urls`)).statusCode).toBe(409);
    expect(await settled(h, made.id, started.json().requestId)).toMatchObject({ status: 'SUCCESS' });
  });
});
