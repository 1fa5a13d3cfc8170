/**
 * What Storage asks of a database server the operator configured, whatever its engine (`configured-pg.ts`,
 * `configured-mysql.ts`, `configured-redis.ts`): make a database and its user, change the password, end the user's
 * sessions, change what the instance type allows, drop what a record made (found by the record's id, since its record
 * may be gone), and read its slow queries.
 */
import type { Figures } from './metrics-read';

/** What a database is on its server, from its record. */
export interface ServerTarget {
  id: string;
  databaseName: string;
  user: string;
  password: string;
  maxConnections: number;
}

/** One slow statement or command the server recorded for a database's user. */
export interface SlowQuery {
  /** When it started (ISO 8601), where the server records single runs (not PostgreSQL's aggregates). */
  at?: string;
  /** How long it ran, in milliseconds. */
  durationMs: number;
  /** The statement or command as the server recorded it. */
  statement: string;
  /** Rows examined (MySQL), when the server records it. */
  rowsExamined?: number;
  /** Times it ran (PostgreSQL's pg_stat_statements aggregates), when the server records it. */
  calls?: number;
}

/** A configured server: where clients connect (the administrator URL's host and port, else the engine's port). */
export abstract class ServerAt {
  readonly host: string;
  readonly port: number;

  constructor(
    protected readonly adminUrl: string,
    defaultPort: number,
  ) {
    const url = new URL(adminUrl);
    this.host = url.hostname;
    this.port = Number(url.port || defaultPort);
  }
}

export interface ManagedServer {
  /** The address a client connects to. */
  readonly host: string;
  readonly port: number;
  create(t: ServerTarget): Promise<void>;
  setPassword(t: ServerTarget): Promise<void>;
  /** Applies what the instance type allows that the server can hold (the user's connections at most). */
  setConnectionLimit(t: ServerTarget): Promise<void>;
  /** Ends every session of the user; answers how many. */
  endSessions(t: ServerTarget): Promise<number>;
  /** Drops the database and user the record with this id made, their sessions ended first (nothing when none is). */
  drop(id: string): Promise<void>;
  /** The slowest recent statements of the database's user, slowest first, at most `limit`. */
  slowQueries(t: ServerTarget, limit: number): Promise<SlowQuery[]>;
  /** The database's figures now: its user's connections, its size, its operations so far (`metrics-read.ts`). */
  figures(t: ServerTarget): Promise<Figures>;
}

/** The marker each database and user carries on its server, by which a deleted record's are found. */
export const mark = (id: string) => `lodestar:${id}`;

/** The server does not record slow queries as Storage reads them (the message says what it needs). */
export class SlowQueriesUnrecorded extends Error {}
