/**
 * Local servers speaking the channel providers' APIs, for the delivery tests: a Web Push endpoint (RFC 8030) that
 * checks the VAPID token and decrypts the aes128gcm payload (RFC 8291) with the subscription's keys; APNs's HTTP/2
 * API (`POST /3/device/<token>`, an ES256 provider token); FCM's HTTP v1 API over HTTP/2 and its OAuth token
 * endpoint (an RS256 service-account assertion).
 */
import { createECDH, createDecipheriv, generateKeyPairSync, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createH2, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';

const url = (s: Server | Http2Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
const listen = (s: Server | Http2Server) => new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
const bodyOf = (req: IncomingMessage | NodeJS.ReadableStream) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291: the plaintext of an aes128gcm body for the subscription's private key and auth secret. */
export function decryptWebPush(body: Buffer, ua: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const cipher = body.subarray(21 + idlen);
  const secret = ua.computeSecret(asPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([d.update(cipher.subarray(0, cipher.length - 16)), d.final()]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  return plain.subarray(0, end).toString('utf8');
}

export interface WebPushEndpoint {
  url: string;
  /** A browser's subscription to this endpoint (its JSON is the device token). */
  subscribe: (path: string) => { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What each path was given: the decrypted payloads, parsed; and the VAPID subject of the last one. */
  received: Map<string, Record<string, unknown>[]>;
  /** The status each path answers (default 201). */
  answer: Map<string, number>;
  close: () => Promise<void>;
}

export async function webPushEndpoint(vapidPublicKey: string): Promise<WebPushEndpoint> {
  const keys = new Map<string, { ua: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received = new Map<string, Record<string, unknown>[]>();
  const answer = new Map<string, number>();
  const server = createServer((req, res) => {
    // A payload this endpoint cannot read is refused with the reason, never left unanswered.
    handle(req, res).catch((err: Error) => res.writeHead(400).end(`unreadable push: ${err.message}`));
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await bodyOf(req);
    const path = req.url ?? '';
    const status = answer.get(path) ?? 201;
    if (status !== 201) return void res.writeHead(status).end();
    // Authorization: vapid t=<jwt>, k=<public key>
    const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(req.headers.authorization));
    const sub = keys.get(path);
    if (!m || m[2] !== vapidPublicKey || !sub || req.headers['content-encoding'] !== 'aes128gcm') return void res.writeHead(401).end();
    const pub = Buffer.from(vapidPublicKey, 'base64url');
    const spki = Buffer.concat([Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex'), pub]);
    try {
      await jwtVerify(m[1], await importSPKI(`-----BEGIN PUBLIC KEY-----\n${spki.toString('base64')}\n-----END PUBLIC KEY-----`, 'ES256'), { audience: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    } catch {
      return void res.writeHead(403).end();
    }
    received.set(path, [...(received.get(path) ?? []), JSON.parse(decryptWebPush(body, sub.ua, sub.auth))]);
    res.writeHead(201).end();
  };
  await listen(server);
  return {
    url: url(server),
    subscribe: (path) => {
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const auth = randomBytes(16);
      keys.set(path, { ua, auth });
      return { endpoint: `${url(server)}${path}`, keys: { p256dh: b64u(ua.getPublicKey()), auth: b64u(auth) } };
    },
    received,
    answer,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export interface ApnsServer {
  url: string;
  signingKey: string;
  /** Notifications taken, by device token. */
  received: Map<string, Record<string, unknown>[]>;
  /** Device tokens APNs no longer knows (410 Unregistered). */
  gone: Set<string>;
  close: () => Promise<void>;
}

export async function apnsServer(opts: { teamId: string; keyId: string; topic: string }): Promise<ApnsServer> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const verifyKey = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'ES256');
  const received = new Map<string, Record<string, unknown>[]>();
  const gone = new Set<string>();
  const server = createH2();
  server.on('stream', async (stream, headers) => {
    const body = await bodyOf(stream);
    const reply = (status: number, json?: unknown) => {
      stream.respond({ ':status': status, 'content-type': 'application/json', 'apns-id': randomBytes(16).toString('hex') });
      stream.end(json ? JSON.stringify(json) : undefined);
    };
    const m = /^\/3\/device\/([^/]+)$/.exec(String(headers[':path']));
    if (headers[':method'] !== 'POST' || !m) return reply(404, { reason: 'BadPath' });
    const jwt = String(headers.authorization ?? '').replace(/^bearer /, '');
    try {
      if (decodeProtectedHeader(jwt).kid !== opts.keyId) throw new Error('kid');
      const { payload } = await jwtVerify(jwt, verifyKey);
      if (payload.iss !== opts.teamId) throw new Error('iss');
    } catch {
      return reply(403, { reason: 'InvalidProviderToken' });
    }
    if (headers['apns-topic'] !== opts.topic) return reply(400, { reason: 'DeviceTokenNotForTopic' });
    const token = decodeURIComponent(m[1]);
    if (gone.has(token)) return reply(410, { reason: 'Unregistered', timestamp: Date.now() });
    if (!/^[0-9a-f]{64}$/.test(token)) return reply(400, { reason: 'BadDeviceToken' });
    received.set(token, [...(received.get(token) ?? []), JSON.parse(body.toString())]);
    reply(200);
  });
  await listen(server);
  return { url: url(server), signingKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), received, gone, close: () => new Promise((r) => server.close(() => r())) };
}

export interface FcmServer {
  url: string;
  serviceAccount: string;
  received: Map<string, Record<string, unknown>[]>;
  gone: Set<string>;
  /** Access tokens issued. */
  issued: () => number;
  close: () => Promise<void>;
}

export async function fcmServer(projectId: string): Promise<FcmServer> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const verifyKey = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  const tokens = new Set<string>();
  const received = new Map<string, Record<string, unknown>[]>();
  const gone = new Set<string>();
  const email = 'push@test-project.iam.gserviceaccount.com';
  const oauth = createServer(async (req, res) => {
    const form = new URLSearchParams((await bodyOf(req)).toString());
    try {
      const { payload } = await jwtVerify(String(form.get('assertion')), verifyKey, { issuer: email, audience: `${url(oauth)}/token` });
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging') throw new Error('grant');
    } catch {
      return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
    }
    const token = `ya29.${randomBytes(12).toString('hex')}`;
    tokens.add(token);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: token, expires_in: 3599, token_type: 'Bearer' }));
  });
  const api = createH2();
  api.on('stream', async (stream, headers) => {
    const body = await bodyOf(stream);
    const reply = (status: number, json: unknown) => {
      stream.respond({ ':status': status, 'content-type': 'application/json' });
      stream.end(JSON.stringify(json));
    };
    if (headers[':path'] !== `/v1/projects/${projectId}/messages:send`) return reply(404, { error: { code: 404, status: 'NOT_FOUND', message: 'no such project' } });
    if (!tokens.has(String(headers.authorization).replace(/^Bearer /, ''))) return reply(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
    const { message } = JSON.parse(body.toString()) as { message: { token: string } & Record<string, unknown> };
    if (gone.has(message.token)) return reply(404, { error: { code: 404, status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } });
    received.set(message.token, [...(received.get(message.token) ?? []), message]);
    reply(200, { name: `projects/${projectId}/messages/${randomBytes(6).toString('hex')}` });
  });
  await Promise.all([listen(oauth), listen(api)]);
  const serviceAccount = JSON.stringify({ type: 'service_account', project_id: projectId, client_email: email, private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), token_uri: `${url(oauth)}/token` });
  return {
    url: url(api),
    serviceAccount,
    received,
    gone,
    issued: () => tokens.size,
    close: async () => {
      await new Promise<void>((r) => oauth.close(() => r()));
      await new Promise<void>((r) => api.close(() => r()));
    },
  };
}
