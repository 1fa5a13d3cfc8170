import { push } from '../../../resources/push';
import type { ServiceModule } from '../index';
import { appCallHandlers, appHooks, checkApps, closeApps } from './apps';
import { channelCallHandlers, providerHooks } from './channels';
import { connectHandler } from './connect';
import { deliveryJob } from './delivery';
import { hearSends, SENDS_CHANNEL, sendCallHandlers } from './sends';
import { serverCallHandlers, serversJob } from './servers';
import { usageCallHandlers } from './usage';
import { ensureDefaultVersion, versionCallHandlers, versionHooks } from './versions';
import { passportPlayerOf } from '../upr/player';

/**
 * Push (`resources/push.ts`): push apps and their servers' states, channel providers and devices, the client
 * connection (`connect`), sends delivered online and through the providers, usage and metrics.
 */
export const pushModule: ServiceModule = {
  service: push.name,
  hooks: { apps: appHooks, channels: providerHooks, serverVersions: versionHooks },
  player: passportPlayerOf(push.name),
  calls: (ctx) => ({ ...appCallHandlers(ctx), ...channelCallHandlers(ctx), ...versionCallHandlers(ctx), ...serverCallHandlers(ctx), ...usageCallHandlers(ctx), ...sendCallHandlers(ctx) }),
  sockets: (ctx) => ({ connect: connectHandler(ctx) }),
  jobs: (ctx) => [deliveryJob(ctx), serversJob(ctx)],
  mount: (api, ctx) => {
    // Closing: clients told to reconnect, apps left waiting to exit; the other instances' sends heard meanwhile.
    api.app.addHook('preClose', async () => closeApps(ctx));
    let stop: (() => Promise<void>) | undefined;
    api.app.addHook('onReady', async () => {
      stop = await ctx.db.listen(SENDS_CHANNEL, hearSends(ctx), () => undefined);
    });
    api.app.addHook('onClose', async () => stop?.());
  },
  prepare: async (ctx) => {
    await ensureDefaultVersion(ctx);
    await checkApps(ctx);
  },
};
