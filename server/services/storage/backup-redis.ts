/**
 * Redis backups: every key of the database's prefix, found by SCAN with the administrator's connection, written as
 * one JSON line each — its name within the prefix, its remaining time to live in milliseconds (0: none) and its
 * DUMP payload, both binary-safe in base64. A restore ends the user's sessions, deletes every key of the prefix and
 * puts each key back with RESTORE (its time to live, REPLACE), so a file made from one database restores into
 * another's prefix too. Keys that expire while a backup runs are left out.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Redis } from 'ioredis';
import type { ServerTarget } from './managed-server';
import { asAdministrator, keyPrefixOf } from './configured-redis';
import type { BackupEngine } from './backup-engines';

const BATCH = 500;

/** One key of a backup, as its line holds it. */
export interface RedisBackupLine {
  /** The key's name after the prefix, base64. */
  key: string;
  /** Milliseconds it has left to live; 0 when it has no expiry. */
  ttl: number;
  /** DUMP's payload, base64. */
  value: string;
}

const glob = (prefix: string) => `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;

/** Every key of the prefix, a batch at a time. */
async function* keysOf(r: Redis, prefix: string): AsyncGenerator<Buffer[]> {
  let cursor = '0';
  do {
    const [next, keys] = await r.scanBuffer(cursor, 'MATCH', glob(prefix), 'COUNT', BATCH);
    cursor = String(next);
    if (keys.length) yield keys;
  } while (cursor !== '0');
}

export function redisBackup(adminUrl: string, t: ServerTarget): BackupEngine {
  const prefix = keyPrefixOf(t.databaseName);
  const prefixBytes = Buffer.byteLength(prefix);
  return {
    format: 'redis-dump',
    extension: 'jsonl',
    dump: (output) =>
      asAdministrator(adminUrl, async (r) => {
        async function* lines() {
          for await (const keys of keysOf(r, prefix)) {
            const batch = r.pipeline();
            for (const key of keys) batch.dumpBuffer(key).pttl(key);
            const answers = (await batch.exec()) ?? [];
            for (let i = 0; i < keys.length; i++) {
              const value = answers[2 * i]?.[1] as Buffer | null;
              const ttl = Number(answers[2 * i + 1]?.[1]);
              // Gone meanwhile (expired or deleted).
              if (!value || ttl === -2) continue;
              const line: RedisBackupLine = { key: keys[i].subarray(prefixBytes).toString('base64'), ttl: ttl > 0 ? ttl : 0, value: value.toString('base64') };
              yield `${JSON.stringify(line)}\n`;
            }
          }
        }
        await pipeline(Readable.from(lines()), output);
      }),
    restore: (input) =>
      asAdministrator(adminUrl, async (r) => {
        for await (const keys of keysOf(r, prefix)) await r.unlink(...keys);
        let batch = r.pipeline();
        let queued = 0;
        const send = async () => {
          const answers = (await batch.exec()) ?? [];
          const failed = answers.find(([e]) => e);
          if (failed) throw failed[0];
          batch = r.pipeline();
          queued = 0;
        };
        for await (const text of createInterface({ input, crlfDelay: Infinity })) {
          if (!text.trim()) continue;
          const line = JSON.parse(text) as RedisBackupLine;
          const key = Buffer.concat([Buffer.from(prefix), Buffer.from(line.key, 'base64')]);
          batch.restore(key, Math.max(0, Math.trunc(line.ttl)), Buffer.from(line.value, 'base64'), 'REPLACE');
          if (++queued >= BATCH) await send();
        }
        if (queued) await send();
      }),
  };
}
