/**
 * A database's backups: made by an asynchronous request (`POST /databases/{id}/backup`) that dumps the database
 * (`backup-engines.ts`), compresses the dump with gzip into the blob store and marks the backup SUCCESS with its
 * sizes, or FAILED with why; downloaded through signed links that expire (one per file); restored into the database by a request
 * of its own (ADR 0042). Deleting a backup, or its database, removes its file.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BACKUP_LINK_SECONDS } from '../../../resources/storage/backups';
import { modelOf, type Ctx } from '../../context';
import { publicOrigin } from '../../auth/callers';
import type { CallHandlers } from '../../engine/declared-calls';
import { badRequest, conflict, notFound } from '../../engine/errors';
import type { ChangedInput, ResourceHooks } from '../../engine/hooks';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { configuredOf, requestOn, targetOf } from './databases';
import { databasesOf, requestsOf, SERVICE } from './runtime';
import { backupEngineOf } from './backup-engines';
import { backupKey, backupLink, keepBackupFile, openBackupFile, removeBackupFiles } from './backup-blobs';

export const backupsOf = (ctx: Ctx) => records(ctx.db, modelOf(ctx, SERVICE, 'backups'));

const DATABASE_NOT_RUNNING = 'only a running database can do this';
const NOT_FINISHED = 'only a finished backup can be restored';
const NOT_DOWNLOADABLE = 'the backup has not finished: there is nothing to download';

const keyOf = (scopeId: string, backup: Data) => backupKey(scopeId, String(backup.databaseId), String(backup.id), String(backup.fileName));

/** `20261127-142233`: when the dump was made, in a file name. */
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** Dumps the database through gzip into a temporary file, keeps that in the blob store and marks the backup. */
async function makeBackup(ctx: Ctx, scopeId: string, db: Data, backupId: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lodestar-backup-'));
  try {
    const engine = await backupEngineOf(ctx, scopeId, db);
    const path = join(dir, 'dump.gz');
    let rawSize = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        rawSize += chunk.length;
        done(null, chunk);
      },
    });
    const dumped = engine.dump(counter).catch((e: Error) => {
      counter.destroy(e);
      throw e;
    });
    await Promise.all([dumped, pipeline(counter, createGzip(), createWriteStream(path))]);
    const size = (await stat(path)).size;
    const fileName = `${String(db.name)}-${stamp(new Date())}.${engine.extension}.gz`;
    const backup = { id: backupId, databaseId: String(db.id), fileName };
    await keepBackupFile(ctx, scopeId, keyOf(scopeId, backup), path, size, fileName);
    const marked = await backupsOf(ctx).update(scopeId, { id: backupId }, { status: 'SUCCESS', set: { size, rawSize, fileName, format: engine.format, finishedAt: new Date().toISOString() } });
    // Deleted (or its database) while it was being made: its file goes too.
    if (!marked.length) await removeBackupFiles(ctx, scopeId, { backupId });
  } catch (e) {
    const message = (e as Error).message.slice(0, 1000) || 'the backup failed';
    await backupsOf(ctx).update(scopeId, { id: backupId }, { status: 'FAILED', set: { message, finishedAt: new Date().toISOString() } });
    throw e;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Ends the database's sessions and replaces its data by the backup's. */
async function restoreBackup(ctx: Ctx, scopeId: string, db: Data, backup: Data): Promise<void> {
  const engine = await backupEngineOf(ctx, scopeId, db);
  await configuredOf(ctx, db)?.endSessions(await targetOf(ctx, scopeId, db));
  const gunzip = createGunzip();
  pipeline(await openBackupFile(ctx, keyOf(scopeId, backup)), gunzip).catch((e: Error) => gunzip.destroy(e));
  await engine.restore(gunzip);
  await backupsOf(ctx).update(scopeId, { id: String(backup.id) }, { set: { restoredAt: new Date().toISOString() } });
}

export function backupCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'databases.backup': async (call) => {
      const db = call.record!;
      if (db.status !== 'running') throw conflict('INVALID_TRANSITION', DATABASE_NOT_RUNNING);
      const backupId = crypto.randomUUID();
      const requestId = crypto.randomUUID();
      const id = String(db.id);
      await backupsOf(ctx).insert(call.scopeId, { databaseId: id, engine: db.engine, requestId }, { id: backupId, status: 'RUNNING', parentId: id });
      try {
        const after = await requestOn(call, ctx, 'backup', { status: 'running' }, (current) => makeBackup(ctx, call.scopeId, current, backupId), db, requestId);
        await requestsOf(ctx).update(call.scopeId, { id: requestId }, { set: { backupId } });
        return { ...after, backupId };
      } catch (e) {
        await backupsOf(ctx).remove(call.scopeId, { id: backupId });
        throw e;
      }
    },
    'backups.restore': async (call) => {
      const backup = call.record!;
      if (backup.status !== 'SUCCESS') throw conflict('INVALID_TRANSITION', NOT_FINISHED);
      // Into the database it was made of, or the one named.
      const named = call.input.databaseId === undefined ? undefined : String(call.input.databaseId);
      const db = await databasesOf(ctx).maybe(call.scopeId, named ?? String(backup.databaseId));
      if (!db) throw named ? badRequest([{ field: '/databaseId', message: 'no such database in this app' }]) : notFound('no such database');
      if (db.engine !== backup.engine) throw badRequest([{ field: '/databaseId', message: `the backup is of a ${String(backup.engine)} database; restore it into one of the same engine` }]);
      if (db.status !== 'running') throw conflict('INVALID_TRANSITION', DATABASE_NOT_RUNNING);
      const requestId = crypto.randomUUID();
      await requestOn(call, ctx, 'restore', { status: 'restarting' }, (current) => restoreBackup(ctx, call.scopeId, current, backup), db, requestId);
      await requestsOf(ctx).update(call.scopeId, { id: requestId }, { set: { backupId: String(backup.id) } });
      const [moved] = await backupsOf(ctx).update(call.scopeId, { id: String(backup.id) }, { set: { requestId } });
      return moved?.record ?? { ...backup, requestId };
    },
    'backups.downloadUrls': async (call) => {
      const backup = call.record!;
      if (backup.status !== 'SUCCESS') throw conflict('INVALID_TRANSITION', NOT_DOWNLOADABLE);
      const expires = new Date(Date.now() + Number(call.input.expiresIn ?? BACKUP_LINK_SECONDS) * 1000);
      const url = await backupLink(ctx, keyOf(call.scopeId, backup), expires, publicOrigin(ctx, call.req));
      return { urls: [{ name: backup.fileName, size: backup.size, url, expiresAt: expires.toISOString() }] };
    },
  };
}

/** A deleted database's backup files are removed with it (told by the databases' `changed` hook). */
export async function removeDeletedBackups({ ctx, scopeId, ids }: ChangedInput): Promise<void> {
  for (const id of ids) if (!(await databasesOf(ctx).maybe(scopeId, id))) await removeBackupFiles(ctx, scopeId, { databaseId: id });
}

/** A deleted backup's file is removed with it. */
export const backupHooks: Record<string, ResourceHooks> = {
  backups: {
    changed: async ({ ctx, scopeId, ids }) => {
      for (const id of ids) if (!(await backupsOf(ctx).maybe(scopeId, id))) await removeBackupFiles(ctx, scopeId, { backupId: id });
    },
  },
};
