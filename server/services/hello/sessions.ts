/**
 * What the voice server reports (its webhook, `POST <base>/livekit/webhook`, signed with the platform's LiveKit
 * key): a participant joining and leaving a room, a recording starting and ending. Each becomes a session of the
 * room's app; an ended one has its billed minutes and its day, and that day's usage is computed again.
 */
import { hello } from '../../../resources/hello';
import { billedMinutes, roomOf } from '../../../resources/hello/rules';
import type { Ctx } from '../../context';
import type { Api } from '../../engine/api';
import { errorResponses } from '../../engine/api';
import { badRequest, unauthorized } from '../../engine/errors';
import { records } from '../../engine/query';
import { dayOf, computeDays } from './usage';
import { requireLiveKit, webhookReceiver } from './livekit';
import { helloModels } from './projects';
import { findApp } from '../../platform/apps';

export const WEBHOOK_PATH = `${hello.base}/livekit/webhook`;

/** The event's times as milliseconds (now when absent): events and participants give seconds, recordings nanoseconds. */
const seconds = (value: bigint | number | undefined) => (value ? Number(value) * 1000 : Date.now());
const nanos = (value: bigint | number | undefined) => (value ? Number(BigInt(value) / 1_000_000n) : Date.now());

async function open(ctx: Ctx, appId: string, kind: 'voice' | 'recording', room: string, sid: string, identity: string, at: number) {
  const sessions = records(ctx.db, helloModels(ctx).sessions);
  if (await sessions.first(appId, { where: { sid } })) return;
  await sessions.insert(appId, { kind, room, identity, sid, startedAt: new Date(at).toISOString() });
}

async function close(ctx: Ctx, appId: string, kind: 'voice' | 'recording', room: string, sid: string, identity: string, at: number, startedAt?: number) {
  const sessions = records(ctx.db, helloModels(ctx).sessions);
  const found = await sessions.first(appId, { where: { sid } });
  if (found?.endedAt) return;
  const start = startedAt ?? (found ? Date.parse(String(found.startedAt)) : at);
  const ended = { endedAt: new Date(at).toISOString(), day: dayOf(new Date(at)), minutes: billedMinutes(start, at) };
  if (found) await sessions.updateOne(appId, String(found.id), { set: ended });
  else await sessions.insert(appId, { kind, room, identity, sid, startedAt: new Date(start).toISOString(), ...ended });
  await computeDays(ctx, appId, [ended.day]);
}

export function mountWebhook(api: Api, ctx: Ctx): void {
  api.app.addContentTypeParser('application/webhook+json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  api.route({
    method: 'POST',
    url: WEBHOOK_PATH,
    summary: "The LiveKit server's webhook (its Authorization header signed with the platform's API key): participants joining and leaving the apps' rooms, and recordings, kept as voice sessions and billed",
    tag: hello.name,
    auth: 'none',
    responses: { 200: { description: 'taken', schema: { type: 'object', properties: { ok: { type: 'boolean' } } } }, ...errorResponses(400, 401, 503) },
    handler: async (req) => {
      const lk = requireLiveKit(ctx.config.env);
      const text = typeof req.body === 'string' ? req.body : '';
      if (!text) throw badRequest([{ field: '/', message: 'expected the webhook event as application/webhook+json' }]);
      const event = await webhookReceiver(lk)
        .receive(text, req.headers.authorization)
        .catch(() => {
          throw unauthorized('the webhook is not signed with the voice server key');
        });
      const name = event.room?.name || event.egressInfo?.roomName || '';
      const at = roomOf(name);
      if (!at) return { ok: true };
      if (!(await findApp(ctx.db, at.appId))) return { ok: true };
      const when = seconds(event.createdAt);
      const p = event.participant;
      const eg = event.egressInfo;
      if (event.event === 'participant_joined' && p) await open(ctx, at.appId, 'voice', at.room, p.sid, p.identity, p.joinedAt ? seconds(p.joinedAt) : when);
      if ((event.event === 'participant_left' || event.event === 'participant_connection_aborted') && p) await close(ctx, at.appId, 'voice', at.room, p.sid, p.identity, when);
      if (event.event === 'egress_started' && eg) await open(ctx, at.appId, 'recording', at.room, eg.egressId, '', nanos(eg.startedAt));
      if (event.event === 'egress_ended' && eg) await close(ctx, at.appId, 'recording', at.room, eg.egressId, '', nanos(eg.endedAt), eg.startedAt ? nanos(eg.startedAt) : undefined);
      return { ok: true };
    },
  });
}
