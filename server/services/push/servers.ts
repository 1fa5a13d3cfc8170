/**
 * Server infos and configs: a push app's servers as this platform runs them (its connections filled into servers of
 * its version's player limit, at least one while it runs; none before its first client), and the configuration clients and operators read.
 */
import { push } from '../../../resources/push';
import { MAX_CHANNELS, pushConnect } from '../../../resources/push/socket';
import { socketUrl } from '../../../resources/socket-types';
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import type { Job } from '../../engine/jobs';
import { checkApps, versionOfApp } from './apps';
import { RETRY_WAITS_MS } from './delivery';
import { runtimeOf } from './runtime';
import { defaultVersion } from './versions';

/** Where clients connect, as the request that asked shows it (behind a proxy, its forwarded host and scheme). */
function connectUrl(headers: Record<string, string | string[] | undefined>, host: string): string {
  const proto = String(headers['x-forwarded-proto'] ?? 'http').split(',')[0] === 'https' ? 'wss' : 'ws';
  return `${proto}://${String(headers['x-forwarded-host'] ?? host)}${socketUrl(push.base, pushConnect)}`;
}

export function serverCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'apps.serverInfos': async (call) => {
      const app = call.record!;
      const rt = runtimeOf(ctx);
      const version = await versionOfApp(ctx, app);
      const limit = version?.playerLimitPerServer ?? 0;
      const connections = rt.hub.count(String(app.id));
      const running = app.status === 'running';
      const servers = running ? Math.max(1, Math.ceil(connections / Math.max(1, limit))) : 0;
      const url = connectUrl(call.req.headers, call.req.host);
      const items = Array.from({ length: servers }, (_, i) => ({
        server: i + 1,
        instance: rt.instance,
        state: String(app.status),
        connections: Math.max(0, Math.min(limit, connections - i * limit)),
        playerLimit: limit,
        cpuQuota: version?.cpuQuota ?? '',
        startedAt: (app.startedAt as string | undefined) ?? null,
        url,
      }));
      return { items };
    },
    serverConfigs: async (call) => {
      const v = await defaultVersion(ctx);
      return {
        connectUrl: connectUrl(call.req.headers, call.req.host),
        connectPath: socketUrl(push.base, pushConnect),
        defaultVersion: v?.serverVersion ?? null,
        cpuQuota: v?.cpuQuota ?? push.prices!.cpuQuota,
        playerLimitPerServer: v?.playerLimitPerServer ?? Number(push.prices!.playerLimitPerServer),
        maxChannelsPerConnection: MAX_CHANNELS,
        closeCodes: pushConnect.closeCodes,
        offlineRetryWaitsMs: RETRY_WAITS_MS,
        providers: ['webpush', 'apns', 'fcm'],
      };
    },
  };
}

/** Every few seconds: the apps whose server version was disabled or removed fail. */
export function serversJob(ctx: Ctx): Job {
  return { name: 'push.servers', everyMs: 5_000, run: () => checkApps(ctx) };
}
