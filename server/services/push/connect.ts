/**
 * A game client's connection (the declared socket `connect`, `resources/push/socket.ts`): the push app found by its
 * key and running, the player token checked as passport checks it (and of the push app's own app), the app's
 * servers not full; then subscriptions, pings, and the flood guard on whatever the client sends.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { MAX_CHANNELS, PUSH_CLOSE } from '../../../resources/push/socket';
import type { Ctx } from '../../context';
import type { SocketHandler } from '../../engine/sockets';
import { passportPlayerOf } from '../upr/player';
import { FloodGuard, SeenSends } from './flood';
import type { Conn } from './hub';
import { appsOf, runtimeOf, SERVICE } from './runtime';
import { countTraffic, notePeak } from './usage';
import { checkVersion, STARTABLE, startApp, versionOfApp } from './apps';

const playerOf = passportPlayerOf(SERVICE);
const CHANNEL = /^[A-Za-z0-9_.:-]{1,128}$/;

type Query = { appKey: string; token: string; channels?: string };

function refuse(socket: WebSocket, code: number, reason: string): undefined {
  socket.close(code, reason);
  return undefined;
}

/** The channels a client message names, when they are all well-formed. */
function channelsOf(msg: Record<string, unknown>): string[] | undefined {
  const list = msg.channels;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_CHANNELS) return undefined;
  return list.every((c) => typeof c === 'string' && CHANNEL.test(c)) ? (list as string[]) : undefined;
}

export function connectHandler(ctx: Ctx): SocketHandler {
  return (socket, req) => {
    // Messages that arrive before the checks end wait for them.
    const early: Buffer[] = [];
    const hold = (data: Buffer) => early.push(data);
    socket.on('message', hold);
    void open(ctx, socket, req as FastifyRequest<{ Querystring: Query }>)
      .then((conn) => {
        socket.off('message', hold);
        if (!conn) return;
        socket.on('message', (data: Buffer) => onMessage(ctx, conn, data));
        for (const data of early) onMessage(ctx, conn, data);
      })
      .catch((err: unknown) => {
        req.log.error({ err }, 'push connection failed');
        refuse(socket, 1011, 'internal error');
      });
  };
}

async function open(ctx: Ctx, socket: WebSocket, req: FastifyRequest<{ Querystring: Query }>): Promise<Conn | undefined> {
  const { appKey, token, channels } = req.query;
  const found = (await appsOf(ctx).findEverywhere({ where: { appKey }, limit: 1 }))[0];
  if (!found) return refuse(socket, PUSH_CLOSE.unknownKey, 'unknown app key');
  const { scopeId, record: app } = found;
  const pushAppId = String(app.id);
  if (!STARTABLE.includes(String(app.status)) || (await checkVersion(ctx, scopeId, app))) return refuse(socket, PUSH_CLOSE.notRunning, `push app ${String(app.status)}`);
  req.headers.authorization = `Bearer ${token}`;
  let playerId: string;
  try {
    const player = await playerOf(ctx, req, { persona: false });
    if (player.scopeId !== scopeId) throw new Error('token of another app');
    playerId = player.userId;
  } catch {
    await countTraffic(ctx, scopeId, pushAppId, 'refused');
    return refuse(socket, PUSH_CLOSE.badToken, 'player token invalid');
  }
  const { hub } = runtimeOf(ctx);
  const version = await versionOfApp(ctx, app);
  const capacity = Number(app.servers ?? 1) * (version?.playerLimitPerServer ?? 0);
  if (hub.count(pushAppId) >= capacity) {
    await countTraffic(ctx, scopeId, pushAppId, 'refused');
    return refuse(socket, PUSH_CLOSE.full, 'servers full');
  }
  if (socket.readyState !== socket.OPEN) return undefined;
  const conn: Conn = { id: randomUUID(), appId: scopeId, pushAppId, playerId, socket, channels: new Set(), seen: new SeenSends(), flood: new FloodGuard(Number(app.messagesPerSecond ?? 20), Date.now()) };
  hub.join(conn);
  socket.on('close', () => hub.leave(conn));
  socket.on('error', () => hub.leave(conn));
  const initial = (channels ?? '').split(',').filter((c) => CHANNEL.test(c)).slice(0, MAX_CHANNELS);
  if (initial.length) hub.subscribe(conn, initial);
  // The app's server is running before the client is welcomed: what the client then asks of the app says so.
  if (app.status !== 'running') await startApp(ctx, scopeId, pushAppId);
  socket.send(JSON.stringify({ type: 'welcome', connectionId: conn.id, playerId, pushAppId, channels: [...conn.channels] }));
  await countTraffic(ctx, scopeId, pushAppId, 'connect');
  await notePeak(ctx, scopeId, pushAppId, hub.count(pushAppId));
  return conn;
}

function onMessage(ctx: Ctx, conn: Conn, data: Buffer): void {
  const { hub } = runtimeOf(ctx);
  const verdict = conn.flood.take(Date.now());
  if (verdict === 'close') {
    refuse(conn.socket, PUSH_CLOSE.flood, 'flooding');
    return;
  }
  if (verdict === 'throttled') {
    conn.socket.send(JSON.stringify({ type: 'throttled', retryAfterMs: conn.flood.waitMs() }));
    return;
  }
  let msg: Record<string, unknown>;
  try {
    msg = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
  } catch {
    return refuse(conn.socket, PUSH_CLOSE.badMessage, 'not JSON');
  }
  if (msg === null || typeof msg !== 'object') return refuse(conn.socket, PUSH_CLOSE.badMessage, 'not an object');
  if (msg.type === 'ping') return conn.socket.send(JSON.stringify({ type: 'pong' }));
  if (msg.type === 'subscribe' || msg.type === 'unsubscribe') {
    const channels = channelsOf(msg);
    if (!channels) return conn.socket.send(JSON.stringify({ type: 'error', message: 'invalid channels' }));
    if (msg.type === 'subscribe') {
      if (new Set([...conn.channels, ...channels]).size > MAX_CHANNELS) return conn.socket.send(JSON.stringify({ type: 'error', message: 'too many channels' }));
      hub.subscribe(conn, channels);
    } else hub.unsubscribe(conn, channels);
    return conn.socket.send(JSON.stringify({ type: 'subscribed', channels: [...conn.channels] }));
  }
  refuse(conn.socket, PUSH_CLOSE.badMessage, 'unknown message type');
}
