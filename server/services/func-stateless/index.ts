import type { ServiceModule } from '../index';
import { deployCalls } from './deploy';
import { envCalls } from './env';
import { gatewayCalls, mountFuncRoutes } from './gateway';
import { invokeCalls } from './invoke';
import { SERVICE } from './models';
import { timerJob, triggerCalls } from './triggers';
import { usageHandlers } from './usage';

/**
 * Stateless functions (`resources/func-stateless.ts`): code packages and immutable versions with a live alias,
 * invocation in the QuickJS WebAssembly sandbox (`sandbox.ts`) with memory and time limits and a fetch bridge to
 * allowed hosts only, the sealed default environment, the API gateway and timer triggers, logs, usage and metering.
 */
export const funcStatelessModule: ServiceModule = {
  service: SERVICE,
  mount: mountFuncRoutes,
  jobs: (ctx) => [timerJob(ctx)],
  calls: (ctx) => ({ ...deployCalls(ctx), ...envCalls(ctx), ...gatewayCalls(ctx), ...invokeCalls(ctx), ...triggerCalls(ctx), ...usageHandlers(ctx) }),
};
