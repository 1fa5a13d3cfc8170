/**
 * The signed tokens of cloud saves: an upload's (naming the app and the upload, until it expires) and a download
 * link's (naming the blob and the bytes' type). Both are HMACs of the platform's signing key, so any instance checks
 * them and nobody can forge one.
 */
import { save } from '../../../resources/save';
import type { Ctx } from '../../context';
import { Signer } from '../../blob/signing';
import { forbidden } from '../../engine/errors';

/** How long an upload token stays usable. */
export const UPLOAD_SECONDS = 24 * 3600;
/** How long a download link stays usable. */
export const LINK_SECONDS = 15 * 60;

export const UPLOAD_BASE = `${save.base}/uploads/:id`;
export const DOWNLOAD_PATH = `${save.base}/files/:appId/:kind/:id`;

const signers = new WeakMap<Ctx, Signer>();
function signer(ctx: Ctx): Signer {
  let s = signers.get(ctx);
  if (!s) signers.set(ctx, (s = new Signer(ctx.db, () => ctx.config.secretKey)));
  return s;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An upload's token: `<app>.<expires>.<signature>`. */
export async function uploadToken(ctx: Ctx, appId: string, uploadId: string, expires: number): Promise<string> {
  return `${appId}.${expires}.${await signer(ctx).sign(['save-upload', appId, uploadId, String(expires)])}`;
}

/** The app an upload's token was given in, when it is this upload's and still valid; 403 otherwise. */
export async function appOfUploadToken(ctx: Ctx, uploadId: string, token: string): Promise<string> {
  const [appId, expires, sig] = token.split('.');
  if (!appId || !sig || !(await signer(ctx).verify(['save-upload', appId, uploadId, expires ?? ''], sig))) throw forbidden('upload token invalid');
  if (Number(expires) < nowSeconds()) throw forbidden('upload token expired');
  return appId;
}

export const uploadExpiry = () => nowSeconds() + UPLOAD_SECONDS;

/** What a download link names: the app, the record's kind and id, and which of its blobs. */
export type Blob = 'content' | 'thumbnail';
const linkParts = (appId: string, kind: string, id: string, blob: Blob, expires: number) => ['save-file', appId, kind, id, blob, String(expires)];

/** A signed link to a record's bytes, valid `LINK_SECONDS`. */
export async function downloadLink(ctx: Ctx, origin: string, appId: string, kind: 'saves' | 'pfps', id: string, blob: Blob = 'content') {
  const expires = nowSeconds() + LINK_SECONDS;
  const sig = await signer(ctx).sign(linkParts(appId, kind, id, blob, expires));
  const path = DOWNLOAD_PATH.replace(':appId', appId).replace(':kind', kind).replace(':id', id);
  return { url: `${origin}${path}?${new URLSearchParams({ blob, expires: String(expires), sig })}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** Checks a download link; 403 for a forged or expired one. */
export async function checkLink(ctx: Ctx, appId: string, kind: string, id: string, blob: Blob, expires: number, sig: string): Promise<void> {
  if (!(await signer(ctx).verify(linkParts(appId, kind, id, blob, expires), sig)) || expires < nowSeconds()) throw forbidden('link invalid or expired');
}
