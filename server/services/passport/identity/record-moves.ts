import type { Db } from '../../../db';
import type { ResourceModel } from '../../../engine/model';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { maskSecret } from './id-providers';

/** One old row as a record: its app, its id (when it keeps one), its data, version and last change. */
interface Moved {
  appId: string;
  id?: string;
  data: Data;
  version: number;
  at: Date;
}

/**
 * Moves the rows of a table a migration set aside (renamed `<old name>_moving`) into declared records, once: each
 * keeps its version and last change, and the old table goes. Several servers starting together move them once (an
 * advisory lock, then the table is gone for the others). Answers how many were moved.
 */
async function moveIntoRecords<Row>(db: Db, m: ResourceModel, waiting: string, columns: string, toRecord: (row: Row) => Moved): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [waiting]);
    const found = await tx.query<{ name: string | null }>('SELECT to_regclass($1)::text AS name', [waiting]);
    if (!found.rows[0]?.name) return 0;
    const saved = await tx.query<Row & object>(`SELECT ${columns} FROM ${waiting}`);
    const byApp = new Map<string, Moved[]>();
    for (const moved of saved.rows.map(toRecord)) byApp.set(moved.appId, [...(byApp.get(moved.appId) ?? []), moved]);
    for (const [appId, rows] of byApp) await records(tx, m).insertMany(appId, rows);
    await tx.query(`DROP TABLE ${waiting}`);
    return saved.rows.length;
  });
}

interface ProviderRow {
  app_id: string;
  provider: string;
  enabled: boolean;
  app_key: string;
  app_secret: string;
  version: number;
  updated_at: Date | string;
}

/**
 * The login providers saved in their old table (migration 017): the secret becomes the write-only `appSecret` (left
 * out when empty) beside its masked form.
 */
export function moveSavedProviders(db: Db, m: ResourceModel): Promise<number> {
  return moveIntoRecords<ProviderRow>(db, m, 'passport_id_providers_moving', 'app_id, provider, enabled, app_key, app_secret, version, updated_at', (r) => {
    const data: Data = { provider: r.provider, enabled: r.enabled, appKey: r.app_key, appSecretMasked: maskSecret(r.app_secret) };
    if (r.app_secret) data.appSecret = r.app_secret;
    return { appId: r.app_id, data, version: r.version, at: new Date(r.updated_at) };
  });
}

interface DomainRow {
  app_id: string;
  name: string;
  description: string;
  sms_signature: string;
  production: boolean;
  send_for_review: boolean;
  version: number;
  updated_at: Date | string;
}

/** The id domains kept in their old table (migration 018): each the record of its app, its id the app id. */
export function moveIdDomains(db: Db, m: ResourceModel): Promise<number> {
  const columns = 'app_id, name, description, sms_signature, production, send_for_review, version, updated_at';
  return moveIntoRecords<DomainRow>(db, m, 'passport_id_domains_moving', columns, (r) => ({
    appId: r.app_id,
    id: r.app_id,
    data: {
      idDomainID: r.app_id,
      name: r.name,
      description: r.description,
      smsSignature: r.sms_signature,
      production: r.production,
      sendForReview: r.send_for_review,
    },
    version: r.version,
    at: new Date(r.updated_at),
  }));
}
