import type { BaseRecord, GetListResponse } from '@refinedev/core';

/**
 * A list's page read ahead of the table that shows it: an app's list opened directly (src/preload.ts) reads its first
 * page through the data provider as soon as the page's declarations are in, so that the table's first render has the
 * rows (`listAnswered`, its query's initial data) instead of rendering without them and again once its own read
 * answers. Each read is taken once, by the same call only (`signature`: where it is sent, for which app, with which
 * query, which page): by the table's first render if it has answered by then, else by the table's own read, which
 * waits for it rather than asking again; after `LIST_AHEAD_MS`, by nobody.
 */

/** How long a page read ahead may be taken, from when it was asked; also how long a table takes its answer as fresh. */
export const LIST_AHEAD_MS = 10_000;

interface Ahead {
  at: number;
  answer: Promise<GetListResponse<BaseRecord>>;
  /** The answer, once in. */
  result?: GetListResponse<BaseRecord>;
}

const ahead = new Map<string, Ahead>();

function current(signature: string): Ahead | undefined {
  const read = ahead.get(signature);
  if (read && Date.now() - read.at > LIST_AHEAD_MS) ahead.delete(signature);
  return ahead.get(signature);
}

/** Keeps a page's read under its call's signature until it is taken; a failed read is dropped. */
export function keepListAhead(signature: string, answer: Promise<GetListResponse<BaseRecord>>): void {
  const read: Ahead = { at: Date.now(), answer };
  ahead.set(signature, read);
  answer.then(
    (result) => (read.result = result),
    () => ahead.get(signature) === read && ahead.delete(signature),
  );
}

/** Whether any page is kept (most screens have none to take). */
export const anyListAhead = (): boolean => ahead.size > 0;

/** The read of this call, answered or not, taken. */
export function takeListAhead(signature: string): Promise<GetListResponse<BaseRecord>> | undefined {
  const read = current(signature);
  ahead.delete(signature);
  return read?.answer;
}

/** The answer of this call's read, taken if it has come; nothing (and the read left for the call itself) if not. */
export function takeListAnswered(signature: string): GetListResponse<BaseRecord> | undefined {
  const read = current(signature);
  if (!read?.result) return undefined;
  ahead.delete(signature);
  return read.result;
}
