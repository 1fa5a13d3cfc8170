import type { ServiceModule } from '../index';
import { appConfigCallHandlers } from './app-config';
import { passportPlayerOf } from '../upr/player';
import { runtimeOf, SERVICE } from './models';
import { relayHandler } from './relay';
import { closeOrphans, joinCluster, leaveCluster } from './owners';
import { failOrphanSessions, listenPerf, perfCallHandlers, perfHooks, stopPerf } from './perf';
import { mountPluginTransfer, pluginCallHandlers, pluginHooks } from './plugin-records';
import { closeAll, roomHooks } from './rooms';
import { seatCallHandlers } from './seats';
import { serviceCallHandlers } from './service-calls';
import { startSweep } from './sweep';
import { flushUsage, usageCallHandlers } from './usage';
import { usageReportHandlers } from './usage-reports';

/**
 * Sync (`resources/usync.ts`): room profile tiers and profiles, rooms moved through their states by the relay's
 * events, seats given by the join calls, the WebSocket relay (`relay`), its clock (idle rooms, time to live, seats
 * not taken or not back), and usage recorded into the service's meters; with REDIS_URL, rooms hosted by several
 * instances, each reaching the others' (`owners.ts`, `bridge.ts`).
 */
export const usyncModule: ServiceModule = {
  service: SERVICE,
  hooks: { rooms: roomHooks, perfSessions: perfHooks, plugins: pluginHooks },
  player: passportPlayerOf(SERVICE),
  calls: (ctx) => ({ ...serviceCallHandlers(ctx), ...seatCallHandlers(ctx), ...usageCallHandlers(ctx), ...usageReportHandlers(ctx), ...perfCallHandlers(ctx), ...pluginCallHandlers(ctx), ...appConfigCallHandlers(ctx) }),
  sockets: (ctx) => ({ relay: relayHandler(ctx) }),
  mount: (api, ctx) => {
    let stop: (() => void) | undefined;
    runtimeOf(ctx).report = (err, what) => api.app.log.error({ err }, what);
    listenPerf(api, ctx);
    mountPluginTransfer(api, ctx);
    api.app.addHook('onReady', async () => {
      stop = startSweep(ctx);
    });
    // Closing: every room hosted here closed, its players told the server is restarting; the bytes recorded.
    api.app.addHook('preClose', async () => {
      stop?.();
      await stopPerf(ctx);
      await closeAll(ctx, 'the server is restarting');
      await flushUsage(ctx);
      await leaveCluster(ctx);
    });
  },
  // With REDIS_URL this instance joins the others first, so it closes only the rooms of instances that are gone.
  prepare: async (ctx) => {
    await joinCluster(ctx);
    await closeOrphans(ctx);
    await failOrphanSessions(ctx);
  },
};
