import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db';

const STORED_KEY = 'signing-key';

/**
 * Signs server-issued links (upload and download grants) with HMAC-SHA256. The key is SECRET_KEY when set;
 * otherwise a random key generated once and kept in the database, so links survive restarts and every server
 * sharing the database agrees on it.
 */
export class Signer {
  private key?: Promise<Buffer>;

  constructor(
    private readonly db: Queryable,
    private readonly configured: () => string,
  ) {}

  private keyBytes(): Promise<Buffer> {
    if (!this.key) {
      this.key = this.loadKey();
      this.key.catch(() => (this.key = undefined));
    }
    return this.key;
  }

  private async loadKey(): Promise<Buffer> {
    const configured = this.configured();
    if (configured) return Buffer.from(configured, 'utf8');
    await this.db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      STORED_KEY,
      randomBytes(32).toString('base64'),
    ]);
    const res = await this.db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [STORED_KEY]);
    return Buffer.from(res.rows[0].value, 'base64');
  }

  /** The signature of the parts (joined by newlines, which none of them may contain), base64url. */
  async sign(parts: string[]): Promise<string> {
    if (parts.some((p) => p.includes('\n'))) throw new Error('a signed part may not contain a newline');
    return createHmac('sha256', await this.keyBytes()).update(parts.join('\n')).digest('base64url');
  }

  async verify(parts: string[], signature: string): Promise<boolean> {
    if (parts.some((p) => p.includes('\n'))) return false;
    const expected = Buffer.from(await this.sign(parts));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
