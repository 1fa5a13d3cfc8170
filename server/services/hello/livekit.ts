/**
 * The LiveKit server voice rooms run on (README, configuration: LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET).
 * Room tokens are signed with its API key and secret by `livekit-server-sdk`; its webhooks (participants joining and
 * leaving, recordings) are checked with the same key before they are believed.
 */
import { AccessToken, WebhookReceiver } from 'livekit-server-sdk';
import { ApiError } from '../../engine/errors';

export interface LiveKitConfig {
  url: string;
  apiKey: string;
  apiSecret: string;
}

export function liveKitOf(env: NodeJS.ProcessEnv): LiveKitConfig | undefined {
  const url = env.LIVEKIT_URL;
  const apiKey = env.LIVEKIT_API_KEY;
  const apiSecret = env.LIVEKIT_API_SECRET;
  return url && apiKey && apiSecret ? { url, apiKey, apiSecret } : undefined;
}

export const NOT_CONFIGURED = 'no voice server is configured on this platform, so no room token can be issued';

export function requireLiveKit(env: NodeJS.ProcessEnv): LiveKitConfig {
  const lk = liveKitOf(env);
  if (!lk) throw new ApiError(503, 'VOICE_NOT_CONFIGURED', NOT_CONFIGURED);
  return lk;
}

export interface RoomGrant {
  room: string;
  identity: string;
  name?: string;
  metadata?: string;
  seconds: number;
  canPublish: boolean;
  canSubscribe: boolean;
  canRecord: boolean;
}

/** A signed room token: joins that one room only, for `seconds`. */
export async function roomToken(lk: LiveKitConfig, g: RoomGrant): Promise<string> {
  const at = new AccessToken(lk.apiKey, lk.apiSecret, { identity: g.identity, name: g.name, metadata: g.metadata, ttl: g.seconds });
  at.addGrant({ roomJoin: true, room: g.room, canPublish: g.canPublish, canSubscribe: g.canSubscribe, canPublishData: g.canPublish, roomRecord: g.canRecord });
  return at.toJwt();
}

export const webhookReceiver = (lk: LiveKitConfig) => new WebhookReceiver(lk.apiKey, lk.apiSecret);
