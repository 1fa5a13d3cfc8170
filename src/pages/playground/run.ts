import { appHeaders, exchange, getApp, type RequestOptions } from '../../../providers/http';
import type { CallCaller } from '../../../resources/call-types';

/** What the request panel sends: the example's method, its address with the parameters filled in, and its body text. */
export interface PlaygroundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  caller: CallCaller;
  /** The JSON typed, for a call that takes a body. */
  body?: string;
}

export interface PlaygroundAnswer {
  status: number;
  /** How long the call took, in milliseconds. */
  ms: number;
  body: unknown;
}

/** Player calls carry the test player's token; the others the app credential. */
export const withPlayer = (caller: CallCaller): boolean => caller === 'player' || caller === 'persona';

/** The body text as JSON: undefined when empty, an `Error` when it does not parse. */
export function parsedBody(text: string | undefined): unknown {
  if (text === undefined || !text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

/** The headers the request goes with, as a `curl` line shows them: the app's credential, or the player's token. */
export async function requestHeaders(appId: string, request: PlaygroundRequest, playerToken?: string): Promise<Record<string, string>> {
  const auth = withPlayer(request.caller) ? { Authorization: `Bearer ${playerToken ?? '<player token>'}` } : appHeaders(await getApp(appId));
  return parsedBody(request.body) === undefined ? auth : { ...auth, 'Content-Type': 'application/json' };
}

/** Sends the request through the console's HTTP client and answers what came back, failures included. */
export async function runRequest(appId: string, request: PlaygroundRequest, playerToken?: string): Promise<PlaygroundAnswer> {
  const body = parsedBody(request.body);
  if (body instanceof Error) throw body;
  const options: RequestOptions = withPlayer(request.caller)
    ? { method: request.method, body, anonymous: true, headers: { Authorization: `Bearer ${playerToken ?? ''}` } }
    : { method: request.method, body, appId };
  const started = performance.now();
  const answer = await exchange(request.path, options);
  return { ...answer, ms: Math.round(performance.now() - started) };
}
