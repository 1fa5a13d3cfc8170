/** A playground request as a `curl` command a developer can paste into a shell. */

/** A word quoted for a POSIX shell. */
export const shellWord = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

export interface CurlRequest {
  method: string;
  /** The full address (origin, path and query). */
  url: string;
  headers: Record<string, string>;
  /** The body as sent, when there is one. */
  body?: string;
}

/** `curl -sS -X <method> -H '<name>: <value>'… '<url>' [-d '<body>']`, every word quoted. */
export function curlLine({ method, url, headers, body }: CurlRequest): string {
  const words = ['curl', '-sS', '-X', method, ...Object.entries(headers).flatMap(([name, value]) => ['-H', shellWord(`${name}: ${value}`)]), shellWord(url)];
  if (body !== undefined) words.push('-d', shellWord(body));
  return words.join(' ');
}
