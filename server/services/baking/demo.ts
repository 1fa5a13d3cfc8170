import { baking } from '../../../resources/baking';
import type { DemoSteps } from '../../engine/demo-seed';
import { recordUsage } from '../../usage';
import type { ServiceModule } from '../index';
import { METER } from './sessions';

/** What the declared demo (`resources/baking/demo.ts`) needs beside its records: the ended nodes' metered time. */
const bakingDemoSteps: DemoSteps = {
  nodeTime: async ({ ctx, appId, now }, { seconds, hoursAgo }) => {
    await recordUsage(ctx.db, appId, baking.name, METER, Number(seconds), new Date(now.getTime() - Number(hoursAgo) * 3_600_000));
  },
};

export const bakingDemoModule: ServiceModule = { service: baking.name, seedSteps: bakingDemoSteps };
