import { ApiError, appHeaders, buildUrl, errorText, getApp, type QueryValue } from '../../providers/http';
import type { ErrorBody } from '../../providers/types';

/** A failed answer's body, when it is the server's JSON refusal. */
function refusalBody(body: string): ErrorBody {
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : {};
  } catch {
    return {};
  }
}

/**
 * A refused or failed file call as the HTTP client's own refusal: its status, what it says in the console's language
 * (a field's problem first, else the message) and the server's details, for a form to put back on its fields.
 */
export function fileRefusal(status: number, body: string): ApiError {
  const parsed = refusalBody(body);
  return new ApiError(status, errorText(status, { ...parsed, message: parsed.details?.[0]?.message ?? parsed.message }), parsed);
}

/**
 * Sends a file's raw bytes as a call's body with the app's credential, reporting the share sent (0-100) as it goes;
 * resolves to the JSON answer, or rejects with an `ApiError`.
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
      } else reject(fileRefusal(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(fileRefusal(0, ''));
    xhr.send(file);
  });
}
