import type { PassportModule } from '../part';
import { checkRules, rulesOf } from './rules';
import { leaderboardHandlers } from './calls';
import { scheduledResetsJob } from './schedule';
import { hasScores } from './scores';
import { leaderboardsDemoSteps } from './seed';

/** Settings that decide how a version's scores were merged and ranked: fixed while the current version has scores. */
const FIXED_WHILE_SCORED = ['updateType', 'memberType', 'sortOrder'] as const;

/**
 * Passport's leaderboards area: scores, rankings, versions, reset schedules and rewards (ADR 0009), and the
 * checks a leaderboard's schema cannot express.
 */
export const leaderboardsModule: PassportModule = {
  hooks: {
    leaderboards: {
      async validate({ ctx, data, existing }) {
        const rules = rulesOf(data);
        const errors = checkRules(rules);
        if (existing) {
          const before = rulesOf(existing);
          const changed = FIXED_WHILE_SCORED.filter((k) => before[k] !== rules[k]);
          if (changed.length && (await hasScores(ctx, String(existing.id), Number(existing.currentVersion ?? 1)))) {
            for (const k of changed) errors.push({ field: `/${k}`, message: 'cannot change while the current version has scores' });
          }
        }
        return errors;
      },
    },
  },
  jobs: (ctx, api) => [scheduledResetsJob(ctx, (err) => api.app.log.error({ err }, 'leaderboard reset on schedule failed'))],
  calls: leaderboardHandlers,
  seedSteps: leaderboardsDemoSteps,
};
