import type { Queryable } from '../../db';

/** A stored content: its hashes, size and blob, once per deployment (table `cdn_contents`). */
export interface Content {
  hash: string;
  md5: string;
  size: number;
  blobKey: string;
}

export async function contentOf(db: Queryable, hash: string): Promise<Content | undefined> {
  const res = await db.query<{ hash: string; md5: string; size: string; blob_key: string }>('SELECT hash, md5, size, blob_key FROM cdn_contents WHERE hash = $1', [hash]);
  const row = res.rows[0];
  return row && { hash: row.hash, md5: row.md5, size: Number(row.size), blobKey: row.blob_key };
}

/** Records a verified content (a second upload of the same bytes finds it there already). */
export async function storeContentRow(db: Queryable, c: Content): Promise<void> {
  await db.query('INSERT INTO cdn_contents (hash, md5, size, blob_key) VALUES ($1, $2, $3, $4) ON CONFLICT (hash) DO NOTHING', [c.hash, c.md5, c.size, c.blobKey]);
}

/** Which of these blob keys have a content row (the rest are orphans of failed uploads). */
export async function keysWithContent(db: Queryable, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const res = await db.query<{ blob_key: string }>('SELECT blob_key FROM cdn_contents WHERE blob_key = ANY($1)', [keys]);
  return new Set(res.rows.map((r) => r.blob_key));
}
