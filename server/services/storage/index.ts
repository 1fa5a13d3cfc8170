import { storage } from '../../../resources/storage';
import type { ServiceModule } from '../index';
import { storageCallHandlers } from './calls';
import { databaseCallHandlers, storageHooks } from './databases';
import { runtimeOf } from './runtime';
import { backupCallHandlers, backupHooks, removeDeletedBackups } from './backups';
import { metricsCallHandlers } from './metrics-calls';
import { countDatabases, metricsJob, withDatabasesChanged } from './metrics-sample';
import { cutOffJob } from './requests-cut-off';
import { closeDeletedProxies, proxiesOf, proxyCallHandlers, reopenProxies } from './proxy';

/**
 * Storage: managed databases that really exist (PostgreSQL embedded, or on the server the operator configured), their
 * asynchronous requests, and the catalogue of regions and instance types. Declared in `resources/storage/`.
 */
export const storageModule: ServiceModule = {
  service: storage.name,
  hooks: withDatabasesChanged({ ...storageHooks, ...backupHooks }, [countDatabases, closeDeletedProxies, removeDeletedBackups]),
  mount: (api, ctx) => {
    api.app.addHook('onReady', () => reopenProxies(ctx));
    api.app.addHook('onClose', () => proxiesOf(ctx).closeAll());
    api.app.addHook('onClose', () => runtimeOf(ctx).close());
  },
  calls: (ctx) => ({ ...storageCallHandlers(ctx), ...databaseCallHandlers(ctx), ...backupCallHandlers(ctx), ...metricsCallHandlers(ctx), ...proxyCallHandlers(ctx) }),
  jobs: (ctx) => [metricsJob(ctx), cutOffJob(ctx)],
  settled: (ctx) => runtimeOf(ctx).settled(),
};
