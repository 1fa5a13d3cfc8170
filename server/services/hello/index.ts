import { hello } from '../../../resources/hello';
import type { ServiceModule } from '../index';
import { projectCalls } from './projects';
import { mountWebhook } from './sessions';
import { tokenCalls } from './tokens';
import { usageCalls } from './usage';

/**
 * Hello (in-game voice, `resources/hello.ts`): the voice organisation and project made on first use, room tokens
 * for the LiveKit server configured, its webhook's sessions, and the daily usage billed from them.
 */
export const helloModule: ServiceModule = {
  service: hello.name,
  calls: (ctx) => ({ ...projectCalls(ctx), ...tokenCalls(ctx), ...usageCalls(ctx) }),
  mount: mountWebhook,
};
