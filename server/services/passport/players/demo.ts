import type { DemoStep, DemoSteps } from '../../../engine/demo-seed';
import { friendRows } from './friends';

export { DEMO_REALM_ID } from '../../../../resources/passport/demo-players';

/** A demo step writing one row of the friends area between the two personas its arguments name. */
const row =
  (write: (typeof friendRows)[keyof typeof friendRows], from: string, to: string): DemoStep =>
  async ({ ctx, appId }, args) =>
    void (await write(ctx.db, appId, String(args[from]), String(args[to])));

/** The demo's friendships (`resources/passport/demo-players.ts`): rows of the friends area's own tables. */
export const playersDemoSteps: DemoSteps = {
  friends: row(friendRows.friends, 'persona', 'friend'),
  friendRequest: row(friendRows.request, 'persona', 'friend'),
  blacklist: row(friendRows.block, 'persona', 'blocked'),
};
