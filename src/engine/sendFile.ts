import { appHeaders, buildUrl, errorText, getApp, type QueryValue } from '../../providers/http';

/** A refused or failed file call: its status and the server's message in the console's language. */
export class FileCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a failed answer says, in the console's language: a field's problem first, else the message. */
export function refusalText(status: number, body: string): string {
  let said: string | undefined;
  try {
    const parsed = JSON.parse(body) as { message?: string; details?: { message?: string }[] };
    said = parsed.details?.[0]?.message ?? parsed.message;
  } catch {
    // Not JSON: the status alone.
  }
  return errorText(status, { message: said });
}

/**
 * Sends a file's raw bytes as a call's body with the app's credential, reporting the share sent (0-100) as it goes;
 * resolves to the JSON answer, or rejects with a `FileCallError`.
 */
export async function sendFile(
  appId: string,
  request: { method: 'POST' | 'PUT'; url: string; query: Record<string, QueryValue> },
  file: File,
  onProgress: (percent: number) => void,
): Promise<unknown> {
  const headers = appHeaders(await getApp(appId));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, buildUrl(request.url, request.query));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.floor((event.loaded / event.total) * 100));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(xhr.responseText ? JSON.parse(xhr.responseText) : undefined);
        } catch {
          resolve(xhr.responseText);
        }
      } else reject(new FileCallError(xhr.status, refusalText(xhr.status, xhr.responseText)));
    };
    xhr.onerror = () => reject(new FileCallError(0, refusalText(0, '')));
    xhr.send(file);
  });
}
