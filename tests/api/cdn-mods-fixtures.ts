import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { Harness } from './harness';
import { asPlayer, createRealm, signedIn, type SignedIn } from './passport-players-fixtures';
import { assetStreaming } from '../../resources/asset-streaming';

/** Fixtures of the CDN mods tests: the service enabled on the demo app, players, and their mods. */

export const B = assetStreaming.base;
export const MODS = `${B}/mods/basic`;

/** The SHA-256 (lower-case hex) of a text: a file's content hash. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The texts of the files made here, by hash: what an upload sends. */
const texts = new Map<string, string>();

/** A file of a mod version holding `text` (uploaded by `newVersion`). */
export function file(path: string, text: string, contentType?: string) {
  texts.set(sha256(text), text);
  return { path, contentHash: sha256(text), contentSize: Buffer.byteLength(text), ...(contentType ? { contentType } : {}) };
}

/** Uploads a file's content as the player, for one of their mods: the upload token, then the bytes to its address. */
export async function upload(h: Harness, p: SignedIn, modId: unknown, entry: { contentHash: string }): Promise<void> {
  const text = texts.get(entry.contentHash)!;
  const grant = await sdk(h, p, 'GET', `/mods/${String(modId)}/uploadtoken/${entry.contentHash}/?size=${Buffer.byteLength(text)}`);
  expect(grant.statusCode, grant.body).toBe(200);
  if (grant.json().stored) return;
  const url = new URL(grant.json().uploadUrl as string);
  const put = await h.req({ method: 'PUT', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(text) });
  expect(put.statusCode, put.body).toBe(200);
}

/** A new version of the player's mod with these files, their content uploaded first. */
export async function newVersion(h: Harness, p: SignedIn, modId: unknown, entries: ReturnType<typeof file>[], note?: string) {
  for (const e of entries) await upload(h, p, modId, e);
  return sdk(h, p, 'POST', `/mods/${String(modId)}/versions`, { entries, ...(note ? { note } : {}) });
}

/** Enables the CDN service on the demo app (it starts with remote config and passport). */
export async function enableCdn(h: Harness): Promise<void> {
  const service = { Status: 'Enabled', ServiceId: 'cdn-test', Properties: {}, EnabledAt: new Date().toISOString() };
  await h.db.query(`UPDATE apps SET services = services || jsonb_build_object('asset-streaming', $2::jsonb) WHERE app_id = $1`, [h.appId, JSON.stringify(service)]);
  await h.ctx.apps.forget(h.appId);
}

/** Two players of the demo app, signed in through passport. */
export async function twoPlayers(h: Harness): Promise<[SignedIn, SignedIn]> {
  const realmId = await createRealm(h);
  return [await signedIn(h, realmId), await signedIn(h, realmId)];
}

/** A player's call under the service's `/sdk`. */
export const sdk = (h: Harness, p: SignedIn, method: 'GET' | 'POST', path: string, payload?: unknown) => asPlayer(h, p.token, method, `${B}/sdk${path}`, payload);

/** A mod the player created, with one version of these files (none when empty). */
export async function playerMod(h: Harness, p: SignedIn, name: string, files: ReturnType<typeof file>[] = []): Promise<Record<string, unknown>> {
  const created = await sdk(h, p, 'POST', '/mods', { name });
  expect(created.statusCode, created.body).toBe(201);
  const mod = created.json();
  if (files.length) {
    const v = await newVersion(h, p, mod.id, files);
    expect(v.statusCode, v.body).toBe(201);
  }
  return mod;
}
