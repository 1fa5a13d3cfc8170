/**
 * A config's checks beyond its schema: team names differ; a rule's relaxations come later one after another and only
 * widen; an allowed difference belongs to a difference rule; the Multiverse game named exists in the app, and serves the config's regions;
 * the Sync room profile named exists in the app; a config names a game or a room profile, not both.
 */
import type { FieldError } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { records } from '../../engine/query';
import { PLAYED_IN_ONE_PLACE } from '../../../resources/messages/match';
import { multiverseModels } from '../multiverse/models';
import { profilesOf } from '../usync/models';
import type { Rule, Team } from './matchmaker';

export function configErrors(data: { teams?: Team[]; rules?: Rule[] }): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  (data.teams ?? []).forEach((t, i) => {
    if (seen.has(t.name)) errors.push({ field: `/teams/${i}/name`, message: 'two teams have this name' });
    seen.add(t.name);
  });
  (data.rules ?? []).forEach((r, i) => {
    let after = -1;
    let widest = r.maxDifference ?? 0;
    (r.relaxations ?? []).forEach((step, j) => {
      if (step.afterSeconds <= after) errors.push({ field: `/rules/${i}/relaxations/${j}/afterSeconds`, message: 'must be later than the step before' });
      after = step.afterSeconds;
      if (r.kind === 'difference' && step.maxDifference !== undefined) {
        if (step.maxDifference < widest) errors.push({ field: `/rules/${i}/relaxations/${j}/maxDifference`, message: 'a relaxation may only widen the allowed difference' });
        widest = Math.max(widest, step.maxDifference);
      }
    });
    if (r.kind !== 'equal') return;
    if (r.maxDifference !== undefined) errors.push({ field: `/rules/${i}/maxDifference`, message: 'only a difference rule has an allowed difference' });
    (r.relaxations ?? []).forEach((step, j) => {
      if (step.maxDifference !== undefined) errors.push({ field: `/rules/${i}/relaxations/${j}/maxDifference`, message: 'only a difference rule has an allowed difference' });
    });
  });
  return errors;
}

export const configHooks: ResourceHooks = {
  validate: async ({ ctx, scopeId, data }) => {
    const errors = configErrors(data as { teams?: Team[]; rules?: Rule[] });
    if (typeof data.gameId === 'string') {
      const game = await records(ctx.db, multiverseModels(ctx).games).maybe(scopeId, data.gameId);
      if (!game) errors.push({ field: '/gameId', message: 'no such game' });
      else {
        const served = (game.regions ?? []) as string[];
        ((data.regions ?? []) as string[]).forEach((r, i) => {
          if (!served.includes(r)) errors.push({ field: `/regions/${i}`, message: 'not a region of the game' });
        });
      }
    }
    if (typeof data.syncProfileId === 'string') {
      if (typeof data.gameId === 'string') errors.push({ field: '/syncProfileId', message: PLAYED_IN_ONE_PLACE });
      else if (!(await profilesOf(ctx).maybe(scopeId, data.syncProfileId))) errors.push({ field: '/syncProfileId', message: 'no such room profile' });
    }
    return errors;
  },
};
