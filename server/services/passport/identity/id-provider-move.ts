import type { Db } from '../../../db';
import type { ResourceModel } from '../../../engine/model';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { maskSecret } from './id-providers';

interface SavedRow {
  app_id: string;
  provider: string;
  enabled: boolean;
  app_key: string;
  app_secret: string;
  version: number;
  updated_at: Date | string;
}

const WAITING = 'passport_id_providers_moving';

/**
 * Moves the login providers saved in their old table (renamed by migration 017) into declared records, once: each
 * keeps its version and last change, its secret becomes the write-only `appSecret` (left out when empty) beside its
 * masked form, and the old table goes. Several servers starting together move them once (an advisory lock, then
 * the table is gone for the others). Answers how many were moved.
 */
export async function moveSavedProviders(db: Db, m: ResourceModel): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [WAITING]);
    const waiting = await tx.query<{ name: string | null }>('SELECT to_regclass($1)::text AS name', [WAITING]);
    if (!waiting.rows[0]?.name) return 0;
    const saved = await tx.query<SavedRow>(`SELECT app_id, provider, enabled, app_key, app_secret, version, updated_at FROM ${WAITING}`);
    const byApp = new Map<string, SavedRow[]>();
    for (const row of saved.rows) byApp.set(row.app_id, [...(byApp.get(row.app_id) ?? []), row]);
    for (const [appId, rows] of byApp) {
      await records(tx, m).insertMany(
        appId,
        rows.map((r) => {
          const data: Data = { provider: r.provider, enabled: r.enabled, appKey: r.app_key, appSecretMasked: maskSecret(r.app_secret) };
          if (r.app_secret) data.appSecret = r.app_secret;
          return { data, version: r.version, at: new Date(r.updated_at) };
        }),
      );
    }
    await tx.query(`DROP TABLE ${WAITING}`);
    return saved.rows.length;
  });
}
