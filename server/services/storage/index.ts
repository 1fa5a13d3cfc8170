import { storage } from '../../../resources/storage';
import type { ServiceModule } from '../index';
import { storageCallHandlers } from './calls';
import { databaseCallHandlers, storageHooks } from './databases';
import { runtimeOf } from './runtime';

/**
 * Storage: managed databases that really exist (PostgreSQL embedded, or on the server the operator configured), their
 * asynchronous requests, and the catalogue of regions and instance types. Declared in `resources/storage/`.
 */
export const storageModule: ServiceModule = {
  service: storage.name,
  hooks: storageHooks,
  mount: (api, ctx) => {
    api.app.addHook('onClose', () => runtimeOf(ctx).close());
  },
  calls: (ctx) => ({ ...storageCallHandlers(ctx), ...databaseCallHandlers(ctx) }),
  settled: (ctx) => runtimeOf(ctx).settled(),
};
