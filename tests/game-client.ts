/**
 * What a test does as a game client or a player's device, in the API tests and the end-to-end tests alike: one UDP
 * exchange with a game server, and polling a read until its answer is the one awaited.
 */
import { createSocket } from 'node:dgram';

/** Sends one UDP datagram and answers the reply's text (or rejects after `ms`). */
export function udpExchange(host: string, port: number, text: string, ms = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('no UDP answer'));
    }, ms);
    socket.once('message', (msg) => {
      clearTimeout(timer);
      socket.close();
      resolve(msg.toString('utf8'));
    });
    socket.send(text, port, host);
  });
}

/** Polls `read` until `done` holds of its answer, or fails after `ms`. */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
