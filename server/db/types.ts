/** The one database interface the server uses: PGlite (embedded) and PostgreSQL both satisfy it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Hears the notices sent on `channel` by every process on this database (PostgreSQL `LISTEN`, on a connection of
   * its own that is opened again when lost; `onReconnect` then says that notices may have been missed meanwhile).
   * Answers the function that stops listening. The embedded database has one process: nothing to hear.
   */
  listen(channel: string, onNotice: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>;
  /** Sends a notice on `channel` to every listening process (`pg_notify`); nothing on the embedded database. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}
