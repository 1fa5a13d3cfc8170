/**
 * MySQL (MariaDB) backups: `mariadb-dump` signed in with the server's administrator URL dumps the database in one
 * consistent read (`--single-transaction`), with its routines and triggers; a restore ends the user's sessions, makes
 * the database empty again (dropped and created with its mark — the user's grants name it and stay) and loads the dump
 * with the `mariadb` client into it. MariaDB cannot undo a table's creation, so a dump that fails to load midway
 * leaves the database with what was loaded until then (the request says why).
 */
import mysql from 'mysql2/promise';
import { mark, type ServerTarget } from './managed-server';
import type { BackupEngine } from './backup-engines';
import { mariadbProgram, runProgram } from './backup-tools';

const DUMP_ARGS = ['--single-transaction', '--routines', '--triggers', '--hex-blob', '--no-tablespaces', '--default-character-set=utf8mb4', '--skip-comments'];

export function mysqlBackup(adminUrl: string, t: ServerTarget): BackupEngine {
  const url = new URL(adminUrl);
  const env = { MYSQL_PWD: decodeURIComponent(url.password) };
  const where = ['--host', url.hostname, '--port', url.port || '3306', '--user', decodeURIComponent(url.username), '--protocol=TCP'];

  const admin = async (work: (c: mysql.Connection) => Promise<void>) => {
    const c = await mysql.createConnection({ uri: adminUrl, connectTimeout: 10_000 });
    c.on('error', () => undefined);
    try {
      await work(c);
    } finally {
      await c.end().catch(() => c.destroy());
    }
  };

  return {
    format: 'sql',
    extension: 'sql',
    dump: (output) => runProgram(mariadbProgram('dump'), [...where, ...DUMP_ARGS, t.databaseName], env, { output }),
    async restore(input) {
      await admin(async (c) => {
        await c.query('DROP DATABASE IF EXISTS ??', [t.databaseName]);
        await c.query('CREATE DATABASE ?? CHARACTER SET utf8mb4 COMMENT ?', [t.databaseName, mark(t.id)]);
      });
      await runProgram(mariadbProgram('client'), [...where, '--default-character-set=utf8mb4', '--database', t.databaseName], env, { input });
    },
  };
}
