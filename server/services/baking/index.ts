import { baking } from '../../../resources/baking';
import type { ServiceModule } from '../index';
import { agentCallHandlers } from './agents';
import { bakingHooks, consoleCallHandlers } from './console-calls';
import { bakingDemoModule } from './demo';
import { lostAgentsJob } from './lost-agents';
import { statsCallHandlers } from './stats';

/**
 * Baking: sessions worked on by agents (the agent protocol), their nodes metered as node time, the instance types,
 * statistics, and the sweep that notices lost agents. Its records and calls are declared in `resources/baking/`.
 */
export const bakingModule: ServiceModule = {
  service: baking.name,
  hooks: bakingHooks,
  jobs: (ctx) => [lostAgentsJob(ctx)],
  calls: (ctx) => ({ ...consoleCallHandlers(ctx), ...agentCallHandlers(ctx), ...statsCallHandlers(ctx) }),
};

export const bakingModules: ServiceModule[] = [bakingModule, bakingDemoModule];
