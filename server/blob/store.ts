import type { ServerConfig } from '../config';
import type { Signer } from './signing';
import { s3Store } from './s3-store';

/** How long an upload grant stays usable. */
export const UPLOAD_GRANT_SECONDS = 15 * 60;
/** How long a download link handed out with a grant stays usable. */
export const DOWNLOAD_LINK_SECONDS = 24 * 3600;

export interface UploadTarget {
  key: string;
  contentType: string;
  size: number;
}

/** Where uploads go: this server's own files, or an S3-compatible bucket. Both hand out signed links. */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** A signed PUT link for exactly this object, and the headers the upload must carry. */
  uploadUrl(target: UploadTarget, expires: Date, origin: string): Promise<{ url: string; headers: Record<string, string> }>;
  downloadUrl(key: string, expires: Date, origin: string): Promise<string>;
}

/** Unix seconds, the `expires` of a local link. */
export const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** What a local upload link signs; the upload route checks the same parts. */
export const uploadParts = (key: string, expires: number, size: number, contentType: string) => ['PUT', key, String(expires), String(size), contentType];
export const downloadParts = (key: string, expires: number) => ['GET', key, String(expires)];

function localStore(signer: Signer): BlobStore {
  return {
    kind: 'local',
    async uploadUrl({ key, contentType, size }, expires, origin) {
      const at = unixSeconds(expires);
      const sig = await signer.sign(uploadParts(key, at, size, contentType));
      const query = new URLSearchParams({ key, expires: String(at), size: String(size), type: contentType, sig });
      return { url: `${origin}/blob/upload?${query}`, headers: { 'Content-Type': contentType } };
    },
    async downloadUrl(key, expires, origin) {
      const at = unixSeconds(expires);
      const sig = await signer.sign(downloadParts(key, at));
      return `${origin}/blob/${key}?${new URLSearchParams({ expires: String(at), sig })}`;
    },
  };
}

/** The store the configuration asks for, read on each use so a changed configuration takes effect. */
export function blobStoreFor(config: ServerConfig, signer: Signer): BlobStore {
  return config.s3 ? s3Store(config.s3) : localStore(signer);
}
