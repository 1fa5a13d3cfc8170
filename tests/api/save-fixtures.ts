import { createHash } from 'node:crypto';
import { save } from '../../resources/save';
import type { Harness } from './harness';
import { asPlayer, createRealm, signedIn, type SignedIn } from './passport-players-fixtures';

export const S = save.base;
export const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

/** Two signed-in players of the harness's app. */
export async function twoPlayers(h: Harness): Promise<[SignedIn, SignedIn]> {
  const realm = await createRealm(h);
  return [await signedIn(h, realm), await signedIn(h, realm)];
}

/** A player's call under the service's `/sdk`. */
export const sdk = (h: Harness, p: SignedIn, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => asPlayer(h, p.token, method, `${S}/sdk${path}`, body);

/** Sends raw bytes to a URL the server handed out (its origin dropped). */
export function sendBytes(h: Harness, method: 'PUT' | 'POST', url: string, body: Buffer, headers: Record<string, string> = {}) {
  const { pathname, search } = new URL(url, 'http://x');
  return h.req({ method, url: `${pathname}${search}`, payload: body, headers: { 'content-type': 'application/octet-stream', ...headers } });
}

/** A GET of a URL the server handed out. */
export function fetchUrl(h: Harness, url: string) {
  const { pathname, search } = new URL(url, 'http://x');
  return h.req({ method: 'GET', url: `${pathname}${search}` });
}
