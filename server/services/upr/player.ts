import { requireServiceEnabled } from '../../auth/principal';
import type { PlayerPrincipal } from '../../engine/hooks';
import { playerPrincipal } from '../passport/players/principal';

/**
 * A passport player of an app that has the service enabled (403 otherwise, as for the app's own calls): the game
 * client of a service that takes passport's player tokens.
 */
export const passportPlayerOf =
  (service: string): PlayerPrincipal =>
  async (ctx, req, opts) => {
    const player = await playerPrincipal(ctx, req, opts);
    const app = await ctx.apps.get(player.scopeId);
    if (!app) throw new Error(`no app ${player.scopeId} behind a live player token`);
    requireServiceEnabled(app, service);
    return player;
  };
