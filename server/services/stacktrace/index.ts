import type { ServiceModule } from '../index';
import { metricsCalls } from './metrics';
import { SERVICE } from './models';
import { recordCalls } from './records';
import { symbolHooks } from './symbols';

/**
 * Stacktrace (crash symbolication): symbol files read and kept as Breakpad text, crash logs read and symbolicated
 * into records, their re-parse, tags and metrics. Its records and calls are declared in `resources/stacktrace/`.
 */
export const stacktraceModule: ServiceModule = {
  service: SERVICE,
  hooks: { symbols: symbolHooks },
  calls: (ctx) => ({ ...recordCalls(ctx), ...metricsCalls(ctx) }),
};
