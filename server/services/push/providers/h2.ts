/** One HTTP/2 request (APNs and FCM speak it): `https://`, or `http://` with prior knowledge (a relay or a test server). */
import { connect } from 'node:http2';

export interface H2Answer {
  status: number;
  text: string;
}

export function h2post(url: string, headers: Record<string, string>, body: string, timeoutMs = 10_000): Promise<H2Answer> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const session = connect(u.origin);
    const fail = (err: Error) => {
      session.destroy();
      reject(err);
    };
    session.on('error', fail);
    session.setTimeout(timeoutMs, () => fail(new Error('provider timed out')));
    const req = session.request({ ':method': 'POST', ':path': `${u.pathname}${u.search}`, 'content-type': 'application/json', ...headers });
    let status = 0;
    const chunks: Buffer[] = [];
    req.on('response', (h) => (status = Number(h[':status'])));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      session.close();
      resolve({ status, text: Buffer.concat(chunks).toString('utf8') });
    });
    req.on('error', fail);
    req.end(body);
  });
}
