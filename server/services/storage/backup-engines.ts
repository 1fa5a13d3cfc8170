/**
 * How each engine's database is dumped and loaded again (`backup-pg.ts`, `backup-mysql.ts`, `backup-redis.ts`,
 * `backup-mongo.ts`): a
 * logical dump written to a stream, and read back from one to replace the database's data.
 */
import type { Readable, Writable } from 'node:stream';
import type { Ctx } from '../../context';
import type { Data } from '../../engine/store';
import { configuredOf, targetOf } from './databases';
import { runtimeOf } from './runtime';
import { adminUrl } from './servers';
import { configuredPostgresBackup, embeddedBackup } from './backup-pg';
import { mysqlBackup } from './backup-mysql';
import { redisBackup } from './backup-redis';
import { mongoBackup } from './backup-mongo';
import type { Engine } from '../../../resources/storage/catalog';

export interface BackupEngine {
  /** The backup's `format` (schemas/storage/backup.json). */
  format: 'sql' | 'redis-dump' | 'mongo-ejson';
  /** The file's extension before `.gz`. */
  extension: string;
  /** Writes the dump to `output` and ends it. */
  dump(output: Writable): Promise<void>;
  /** Replaces the database's data by the dump read from `input`. */
  restore(input: Readable): Promise<void>;
}

/** The database's engine on the server it is on; an engine without backups here is refused with why. */
export async function backupEngineOf(ctx: Ctx, scopeId: string, db: Data): Promise<BackupEngine> {
  const configured = configuredOf(ctx, db);
  if (!configured) return embeddedBackup(runtimeOf(ctx).servers.embedded, String(db.id));
  const target = await targetOf(ctx, scopeId, db);
  const engine = String(db.engine) as Engine;
  const url = adminUrl(ctx.config.env, engine, String(db.region));
  if (engine === 'postgresql') return configuredPostgresBackup(configured.host, configured.port, target);
  if (engine === 'mysql' && url) return mysqlBackup(url, target);
  if (engine === 'redis' && url) return redisBackup(url, target);
  if (engine === 'mongodb' && url) return mongoBackup(url, target);
  throw new Error(`${engine} databases cannot be backed up on this deployment`);
}
