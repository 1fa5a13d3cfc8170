import { metrics } from '../../../resources/metrics';
import type { ServiceModule } from '../index';
import { mountBindings } from './bindings';
import { receiverCalls } from './receiver';

/** Metrics (data sharing, `resources/metrics.ts`): the receiver's app information and cache, and members' viewing roles. */
export const metricsModule: ServiceModule = {
  service: metrics.name,
  calls: receiverCalls,
  mount: mountBindings,
};
