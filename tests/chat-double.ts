import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the double received. */
export interface ChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the double does with a request: an HTTP status and body, sent after `delayMs`. */
export type ChatReply = (req: ChatRequest) => { status: number; body: unknown; delayMs?: number };

/** An OpenAI-style chat completion answer holding one message. */
export const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'test-model',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

/**
 * A local HTTP server standing in for an OpenAI-compatible endpoint in tests: it records each request and answers
 * as `reply` says (the reply may be changed between requests).
 */
export async function startChatDouble(reply: ChatReply) {
  const received: ChatRequest[] = [];
  const state = { reply };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const out = state.reply(request);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(out.status, { 'content-type': 'application/json' });
        res.end(typeof out.body === 'string' ? out.body : JSON.stringify(out.body));
      }, out.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    answer(next: ChatReply) {
      state.reply = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
