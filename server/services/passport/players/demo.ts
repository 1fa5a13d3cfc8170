import type { DemoRun, DemoSteps } from '../../../engine/demo-seed';
import type { Data } from '../../../engine/store';

export { DEMO_REALM_ID } from '../../../../resources/passport/demo-players';

const FRIENDS = `INSERT INTO passport_friends (app_id, persona_id, friend_id, state, accepted_at)
  VALUES ($1, $2, $3, 'accepted', now()), ($1, $3, $2, 'accepted', now())`;
const REQUEST = `INSERT INTO passport_friends (app_id, persona_id, friend_id, state) VALUES ($1, $2, $3, 'requested')`;
const BLOCK = 'INSERT INTO passport_friend_blacklist (app_id, persona_id, blocked_id) VALUES ($1, $2, $3)';

/** The demo's friendships (`resources/passport/demo-players.ts`): rows of the friends area's own tables. */
export const playersDemoSteps: DemoSteps = {
  async friends({ ctx, appId }: DemoRun, { persona, friend }: Data) {
    await ctx.db.query(FRIENDS, [appId, persona, friend]);
  },
  async friendRequest({ ctx, appId }: DemoRun, { persona, friend }: Data) {
    await ctx.db.query(REQUEST, [appId, persona, friend]);
  },
  async blacklist({ ctx, appId }: DemoRun, { persona, blocked }: Data) {
    await ctx.db.query(BLOCK, [appId, persona, blocked]);
  },
};
