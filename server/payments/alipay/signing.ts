import { createSign, generateKeyPairSync } from 'node:crypto';
import type { Queryable } from '../../db';

/**
 * Alipay's RSA2 signature of a notification: every parameter except `sign` and `sign_type` and those with an empty
 * value, sorted by name, written `name=value` (values as sent, not URL-encoded) and joined with `&`, signed with
 * SHA256withRSA, base64. The sandbox signs its notifications this way; verification is the SDK's.
 */
export function alipaySignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function signAlipayParams(params: Record<string, string>, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(alipaySignContent(params), 'utf8').sign(privateKeyPem, 'base64');
}

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function newKeyPair(): KeyPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const SANDBOX_KEY = 'alipay-sandbox-key';
const cache = new WeakMap<Queryable, Promise<KeyPair>>();

async function loadSandboxKeys(db: Queryable): Promise<KeyPair> {
  const existing = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [SANDBOX_KEY]);
  if (!existing.rows[0]) {
    await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [SANDBOX_KEY, JSON.stringify(newKeyPair())]);
  }
  // Whoever inserted first wins; every server sharing the database reads the same pair.
  const res = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [SANDBOX_KEY]);
  return JSON.parse(res.rows[0].value) as KeyPair;
}

/**
 * The sandbox's RSA key pair, generated once and kept in the database. It plays both Alipay's key (signing
 * notifications) and the merchant's (signing app order strings).
 */
export function sandboxKeys(db: Queryable): Promise<KeyPair> {
  let keys = cache.get(db);
  if (!keys) {
    keys = loadSandboxKeys(db);
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}
