/**
 * How a package reaches a channel: an adapter per kind of channel endpoint. No channel's own endpoint is reachable
 * from here, so the one adapter is HTTP: the package as a zip, `POST`ed to the upload endpoint the channel's
 * configuration names, with the channel's app id and secret as headers.
 */

export interface ChannelUpload {
  channel: string;
  /** The configuration's `uploadUrl`. */
  url: string;
  appId: string;
  secret: string;
  version: string;
  description: string;
  options: Record<string, unknown>;
  /** The package, zipped. */
  zip: Uint8Array;
}

/** What the upload came to: a step's state and its message (an English key of the message dictionary). */
export type UploadOutcome = { ok: true; message: string } | { ok: false; message: string };

export interface ChannelAdapter {
  upload(u: ChannelUpload): Promise<UploadOutcome>;
}

/** How long a channel may take to answer an upload. */
const UPLOAD_TIMEOUT_MS = 60_000;

export const httpAdapter: ChannelAdapter = {
  async upload(u) {
    try {
      const res = await fetch(u.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/zip',
          'x-wind-channel': u.channel,
          'x-wind-app-id': u.appId,
          authorization: `Bearer ${u.secret}`,
          'x-wind-version': encodeURIComponent(u.version),
          'x-wind-description': encodeURIComponent(u.description),
          'x-wind-options': encodeURIComponent(JSON.stringify(u.options)),
        },
        body: Buffer.from(u.zip),
        signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.ok ? { ok: true, message: 'uploaded to the channel' } : { ok: false, message: `the channel refused the upload: HTTP ${res.status}` };
    } catch {
      return { ok: false, message: 'the channel could not be reached' };
    }
  },
};
