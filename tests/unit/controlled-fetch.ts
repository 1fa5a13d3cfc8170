import { vi } from 'vitest';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * fetch, answering each call only when the test says so (`answer`); `asked` lists the paths in the order they were
 * asked. Paths in `at once` are answered as soon as they are asked, and not listed.
 */
export function controlledFetch(atOnce: Record<string, unknown> = {}) {
  const asked: string[] = [];
  const answers = new Map<string, (status: number, body: unknown) => void>();
  const fetch = vi.fn((url: string) => {
    const path = String(url);
    if (path in atOnce) return Promise.resolve(json(200, atOnce[path]));
    asked.push(path);
    return new Promise<Response>((resolve) => answers.set(path, (status, body) => resolve(json(status, body))));
  });
  const answer = (path: string, status: number, body: unknown) => answers.get(path)!(status, body);
  return { asked, fetch, answer };
}

/** Lets the answers given so far reach their callers. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
