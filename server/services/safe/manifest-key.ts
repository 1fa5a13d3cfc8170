/**
 * The platform's key that signs integrity manifests: an Ed25519 key made once per deployment and kept in the
 * database's server secrets (every instance signs with the same key), its public half served to games.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Queryable } from '../../db';

const STORED = 'safe-manifest-key';

export interface ManifestKey {
  privateKey: KeyObject;
  publicKeyPem: string;
  /** The raw 32-byte public key, base64. */
  publicKey: string;
  keyId: string;
}

export async function manifestKey(db: Queryable): Promise<ManifestKey> {
  const made = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [STORED, made]);
  const res = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [STORED]);
  const privateKey = createPrivateKey(res.rows[0].value);
  const pub = createPublicKey(privateKey);
  const raw = pub.export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    privateKey,
    publicKeyPem: pub.export({ format: 'pem', type: 'spki' }).toString(),
    publicKey: raw.toString('base64'),
    keyId: createHash('sha256').update(raw).digest('hex').slice(0, 16),
  };
}

/** Ed25519 over the text's bytes, base64. */
export const signText = (key: ManifestKey, text: string) => sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64');
