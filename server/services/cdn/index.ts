import { assetStreaming } from '../../../resources/asset-streaming';
import type { ServiceModule } from '../index';
import { accessTokenCalls } from './access-tokens';
import { badgeCalls } from './badges';
import { bucketHooks } from './bucket-changes';
import { mountDelivery } from './delivery';
import { deliveriesOf } from './deliveries';
import { entryCalls, entryHooks } from './entries';
import { mountCdnPlatformRoutes } from './platform-routes';
import { listenForClears } from './proxy-cache';
import { releaseCalls } from './releases';
import { statisticsCalls } from './statistics';
import { cdnModsModule } from './mods';
import { cdnMeModule } from './me';
import { cdnAnalysisModule } from './analysis';
import { cdnDemoModule } from './demo';
import { cdnProxyCacheModule } from './proxy-cache-calls';
import { sweepJob } from './sweep';
import { mountContentUpload, uploadCalls } from './uploads';

/**
 * Asset streaming's core: content-addressed uploads, entries, releases and badges, delivery with its statistics and
 * proxy cache, and the platform's `/api/cdn` calls. Its records and calls are declared in `resources/cdn/`.
 */
export const cdnCoreModule: ServiceModule = {
  service: assetStreaming.name,
  hooks: { entries: entryHooks, buckets: bucketHooks },
  mount: (api, ctx) => {
    mountContentUpload(api, ctx);
    mountDelivery(api, ctx);
    mountCdnPlatformRoutes(api, ctx);
    // Without a listener (the database refused it) a clear still empties this instance's cache.
    const listening = listenForClears(ctx).catch(() => async () => undefined);
    api.app.addHook('onClose', async () => {
      await (await listening)();
      await deliveriesOf(ctx).flush().catch(() => undefined);
      deliveriesOf(ctx).stop();
    });
  },
  jobs: (ctx) => [sweepJob(ctx)],
  calls: (ctx) => ({ ...uploadCalls(ctx), ...entryCalls(ctx), ...releaseCalls(ctx), ...badgeCalls(ctx), ...statisticsCalls(ctx), ...accessTokenCalls(ctx) }),
};

export const cdnModules: ServiceModule[] = [cdnCoreModule, cdnModsModule, cdnMeModule, cdnAnalysisModule, cdnDemoModule, cdnProxyCacheModule];
