import type { Queryable } from '../../db';
import type { Data } from '../../engine/store';

/** What a release froze for one path (table `cdn_release_entries`): never changed after the release is made. */
export interface ReleaseRow {
  path: string;
  contentHash: string;
  contentSize: number;
  contentType: string;
}

export const DEFAULT_TYPE = 'application/octet-stream';

/** The bucket's entries as a release freezes them. */
export const frozenRows = (entries: Data[]): ReleaseRow[] =>
  entries.map((e) => ({ path: String(e.path), contentHash: String(e.contentHash), contentSize: Number(e.contentSize), contentType: String(e.contentType ?? DEFAULT_TYPE) }));

export async function storeReleaseRows(tx: Queryable, appId: string, releaseId: string, rows: ReleaseRow[]): Promise<void> {
  const BATCH = 5000;
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    await tx.query(
      `INSERT INTO cdn_release_entries (release_id, app_id, path, hash, size, content_type)
       SELECT $1, $2, p, h, s, t FROM unnest($3::text[], $4::text[], $5::bigint[], $6::text[]) AS x(p, h, s, t)`,
      [releaseId, appId, part.map((r) => r.path), part.map((r) => r.contentHash), part.map((r) => r.contentSize), part.map((r) => r.contentType)],
    );
  }
}

type Row = { path: string; hash: string; size: string; content_type: string; md5?: string };
const toRow = (r: Row): ReleaseRow & { contentMd5?: string } => ({ path: r.path, contentHash: r.hash, contentSize: Number(r.size), contentType: r.content_type, ...(r.md5 ? { contentMd5: r.md5 } : {}) });

/** A page of a release's rows by path, those whose path contains `search` (case-insensitive) when given. */
export async function releaseRows(db: Queryable, releaseId: string, q: { offset: number; limit: number; search?: string }): Promise<{ rows: ReleaseRow[]; total: number }> {
  const params: unknown[] = [releaseId];
  const match = q.search ? ` AND r.path ILIKE $${params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}` : '';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM cdn_release_entries r WHERE r.release_id = $1${match}`, params);
  const limit = Math.min(q.limit, 1_000_000);
  const res = await db.query<Row>(
    `SELECT r.path, r.hash, r.size, r.content_type, c.md5 FROM cdn_release_entries r JOIN cdn_contents c ON c.hash = r.hash
      WHERE r.release_id = $1${match} ORDER BY r.path LIMIT ${limit} OFFSET ${Math.max(0, q.offset)}`,
    params,
  );
  return { rows: res.rows.map(toRow), total: count.rows[0].n };
}

/** One path of a release, for delivery. */
export async function releaseRow(db: Queryable, releaseId: string, path: string): Promise<(ReleaseRow & { blobKey: string }) | undefined> {
  const res = await db.query<Row & { blob_key: string }>(
    'SELECT r.path, r.hash, r.size, r.content_type, c.blob_key FROM cdn_release_entries r JOIN cdn_contents c ON c.hash = r.hash WHERE r.release_id = $1 AND r.path = $2',
    [releaseId, path],
  );
  const row = res.rows[0];
  return row && { ...toRow(row), blobKey: row.blob_key };
}
