import { createHash } from 'node:crypto';
import { AccessToken } from 'livekit-server-sdk';
import { hello } from '../../resources/hello';
import { DEMO_USER, type Harness } from './harness';

/** The LiveKit server the tests' platform is configured with (its key and secret are the tests' own). */
export const LIVEKIT = { LIVEKIT_URL: 'wss://voice.example.test', LIVEKIT_API_KEY: 'APItestkey', LIVEKIT_API_SECRET: 'test-secret-of-at-least-32-characters!!' };

/** Hello enabled on an app the way the console enables it (as a member of its organisation). */
export async function enableHello(h: Harness, appId = h.appId, cookie?: string) {
  const session = cookie ?? (await h.login(DEMO_USER.email, DEMO_USER.password));
  const res = await h.req({ method: 'POST', url: `/api/app/${appId}/service`, headers: { cookie: session }, payload: { Service: 'hello' } });
  if (res.statusCode >= 300) throw new Error(`enabling hello failed: ${res.statusCode} ${res.body}`);
}

/** A webhook event as the LiveKit server posts it: JSON, with an Authorization token carrying the body's SHA-256. */
export async function webhook(h: Harness, event: Record<string, unknown>, secret = LIVEKIT.LIVEKIT_API_SECRET) {
  const body = JSON.stringify(event);
  const at = new AccessToken(LIVEKIT.LIVEKIT_API_KEY, secret, { ttl: 600 });
  at.sha256 = createHash('sha256').update(body).digest('base64');
  return h.req({ method: 'POST', url: `${hello.base}/livekit/webhook`, headers: { 'content-type': 'application/webhook+json', authorization: await at.toJwt() }, payload: body });
}

const s = (ms: number) => String(Math.floor(ms / 1000));
const ns = (ms: number) => `${ms}000000`;

/** A participant joining, then leaving `minutes` later (both in seconds since the epoch, as LiveKit sends them). */
export async function voiceSession(h: Harness, room: string, identity: string, sid: string, startMs: number, endMs: number) {
  const participant = { sid, identity, joinedAt: s(startMs) };
  const joined = await webhook(h, { event: 'participant_joined', id: `EV_${sid}_j`, room: { name: room }, participant, createdAt: s(startMs) });
  const left = await webhook(h, { event: 'participant_left', id: `EV_${sid}_l`, room: { name: room }, participant, createdAt: s(endMs) });
  return [joined, left];
}

/** A recording of a room, started and ended. */
export async function recording(h: Harness, room: string, egressId: string, startMs: number, endMs: number) {
  const started = await webhook(h, { event: 'egress_started', id: `EV_${egressId}_s`, egressInfo: { egressId, roomName: room, startedAt: ns(startMs) }, createdAt: s(startMs) });
  const ended = await webhook(h, { event: 'egress_ended', id: `EV_${egressId}_e`, egressInfo: { egressId, roomName: room, startedAt: ns(startMs), endedAt: ns(endMs) }, createdAt: s(endMs) });
  return [started, ended];
}
