/**
 * Checks a schema cannot make on a placeholder schedule and a location ratio: a schedule's region is one of its
 * game's, its window is not empty; a ratio names a region and location this deployment serves, once each pair.
 */
import type { ResourceHooks } from '../../engine/hooks';
import { records } from '../../engine/query';
import { multiverseModels } from './models';
import { supervisorOf } from './supervisors';

export const scheduleHooks: ResourceHooks = {
  validate: async ({ ctx, scopeId, data }) => {
    const errors = [];
    if (data.start === data.end) errors.push({ field: '/end', message: 'the window closes when it opens' });
    if (data.region) {
      const game = await records(ctx.db, multiverseModels(ctx).games).maybe(scopeId, String(data.gameId));
      if (game && !((game.regions ?? []) as string[]).includes(String(data.region))) errors.push({ field: '/region', message: 'not a region of the game' });
    }
    return errors;
  },
};

export const locationRatioHooks: ResourceHooks = {
  validate: async ({ model, ctx, scopeId, data, existing }) => {
    const errors = [];
    const { regions } = supervisorOf(ctx).settings;
    if (!regions.some((r) => r.name === data.region)) errors.push({ field: '/region', message: 'this deployment does not serve the region' });
    else if (!regions.some((r) => r.name === data.region && r.location === data.location)) errors.push({ field: '/location', message: 'not a location of the region' });
    const same = await records(ctx.db, model).first(scopeId, { where: { region: String(data.region), location: String(data.location) } });
    if (same && same.id !== existing?.id) errors.push({ field: '/location', message: 'the region has a ratio for this location already' });
    return errors;
  },
};
