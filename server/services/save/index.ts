import type { ServiceModule } from '../index';
import { passportPlayerOf } from '../upr/player';
import { saveCallHandlers } from './calls';
import { mountDownloads } from './files';
import { SERVICE } from './models';
import { mountUploadRoutes } from './uploads';
import { sweepJob } from './sweep';
import { storageJob, usageCalls } from './usage';

/**
 * Cloud saves (`resources/save.ts`): versioned JSON slots and files per player, uploads in MD5-checked chunks,
 * profile pictures with thumbnails, quotas per player, and daily usage priced by billing. The game client calls
 * with passport's player tokens.
 */
export const saveModule: ServiceModule = {
  service: SERVICE,
  mount: (api, ctx) => {
    mountUploadRoutes(api, ctx);
    mountDownloads(api, ctx);
  },
  jobs: (ctx) => [storageJob(ctx), sweepJob(ctx)],
  calls: (ctx) => ({ ...saveCallHandlers(ctx), ...usageCalls(ctx) }),
  player: passportPlayerOf(SERVICE),
};
