import type { DemoRun, DemoSteps } from '../../../engine/demo-seed';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { boardModel, boardOf } from './board';
import { scheduleFrom } from './schedule';
import { submitScore } from './scores';
import { usersModel } from '../players/models';

/** How many demo players have a season ladder score: enough for pages, tiers by percent and every reward bucket. */
export const LADDER_PLAYERS = 240;

/** A ladder score for the i-th demo player: spread over 1,000–3,999, with every 17th at the 1,000 floor (ties). */
export const ladderScore = (i: number) => (i % 17 === 0 ? 1000 : 1000 + ((i * 7919) % 3000));

/** The leaderboards area's behaviour that its demo data (`resources/passport/demo-leaderboards.ts`) runs. */
export const leaderboardsDemoSteps: DemoSteps = {
  schedule: ({ now }: DemoRun, { cron, timezone }: Data) => scheduleFrom(String(cron), String(timezone), now),
  /** Players of the season ladder (each a demo user of the realm) and their scores, submitted together. */
  async ladderPlayers({ ctx, appId }: DemoRun, { board, realm }: Data) {
    const rows = Array.from({ length: LADDER_PLAYERS }, (_, i) => {
      const n = String(i + 1).padStart(3, '0');
      const signIn = { loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', platform: 'Android' };
      const data = { name: `天梯玩家${n}`, ...signIn, externalId: `ladder-${n}`, realmId: realm, tags: [] };
      return { data, status: 'Active' };
    });
    const players = await records(ctx.db, usersModel).insertMany(appId, rows);
    const ladder = boardOf(appId, await records(ctx.db, boardModel(ctx)).get(appId, String(board)));
    await Promise.all(players.map((p, i) => submitScore(ctx, ladder, String(p.id), ladderScore(i), String(p.id))));
  },
};
