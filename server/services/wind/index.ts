import { wind } from '../../../resources/wind';
import type { ServiceModule } from '../index';
import { windDemoSteps } from './demo';
import { windCallHandlers } from './publish';

/** Wind: publishing a build to the app's mini-game channels, the publish state and the runtime functions (`resources/wind.ts`). */
export const windModule: ServiceModule = {
  service: wind.name,
  calls: (ctx) => windCallHandlers(ctx),
  seedSteps: windDemoSteps,
};
