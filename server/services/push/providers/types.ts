import type { Data } from '../../../engine/store';
import type { Delivery } from '../hub';

/**
 * What a channel provider said of one device: taken; the device's token is no longer valid (the device is removed);
 * try again later (a network error, a 5xx, a 429); or it cannot be sent (bad credentials, a payload refused).
 */
export type Outcome = { kind: 'sent' } | { kind: 'invalid' } | { kind: 'retry'; error: string } | { kind: 'failed'; error: string };

/** Sends one delivery to one device through a provider configured as `config` (the app's channel provider record). */
export type ProviderSend = (config: Data, device: Data, send: Delivery) => Promise<Outcome>;

/** The notification's payload for the device: the title, body and data of the send, and its id. */
export const payloadOf = (send: Delivery) => ({ id: send.id, kind: send.kind, title: send.title ?? '', body: send.body ?? '', data: send.data ?? {} });

/** An HTTP status as an outcome: 404 and 410 mean the token is gone; 429 and 5xx are tried again. */
export function outcomeOfStatus(status: number, text: string): Outcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'invalid' };
  if (status === 429 || status >= 500) return { kind: 'retry', error: `provider answered ${status}` };
  return { kind: 'failed', error: `provider answered ${status}${text ? `: ${text.slice(0, 200)}` : ''}` };
}
