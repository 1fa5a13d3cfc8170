import type { UploadGrant } from '../../../resources/ops-api';
import { requireOk } from '../../../providers/http';

/** Largest licence file the form takes (units of 1000, as sizes are shown). */
export const LICENCE_MAX_BYTES = 10_000_000;

/** Uploads a file into one of the organisation's apps through a signed grant (POST /api/cos-token); answers its key. */
export async function uploadLicence(appId: string, file: File): Promise<string> {
  const grant = await requireOk<UploadGrant>('/api/cos-token', {
    method: 'POST',
    body: { AppId: appId, FileName: file.name.slice(-255) || 'licence', ContentType: file.type || 'application/octet-stream', Size: file.size },
  });
  const res = await fetch(grant.Url, { method: grant.Method, headers: grant.Headers, body: file });
  if (!res.ok) throw new Error(`upload failed: ${res.status}`);
  return grant.Key;
}
