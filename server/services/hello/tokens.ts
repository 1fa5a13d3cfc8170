/** `POST /tokens`: a room token for one of the app's rooms, within its project's settings. */
import { serverRoom } from '../../../resources/hello/rules';
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { requireLiveKit, roomToken } from './livekit';
import { provision, projectOf } from './projects';

interface TokenRequest {
  room: string;
  identity: string;
  name?: string;
  minutes?: number;
  canPublish?: boolean;
  canSubscribe?: boolean;
  metadata?: string;
}

export const tokenCalls = (ctx: Ctx): CallHandlers => ({
  tokens: async ({ scopeId, input }) => {
    const lk = requireLiveKit(ctx.config.env);
    const body = input as unknown as TokenRequest;
    const project = (await projectOf(ctx, scopeId)) ?? (await provision(ctx, scopeId));
    const lifetime = Number(project.tokenMinutes ?? 60);
    const minutes = Math.min(body.minutes ?? lifetime, lifetime);
    const room = serverRoom(scopeId, body.room);
    const token = await roomToken(lk, {
      room,
      identity: body.identity,
      name: body.name,
      metadata: body.metadata,
      seconds: minutes * 60,
      canPublish: body.canPublish ?? true,
      canSubscribe: body.canSubscribe ?? true,
      canRecord: project.recording === true,
    });
    return { token, url: lk.url, room, identity: body.identity, expiresAt: new Date(Date.now() + minutes * 60_000).toISOString() };
  },
});
