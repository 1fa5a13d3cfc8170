import type { ServiceModule } from '../../index';
import { requireServiceEnabled } from '../../../auth/principal';
import type { PlayerPrincipal } from '../../../engine/hooks';
import { playerPrincipal } from '../../passport/players/principal';
import { versionEntries } from './entries';
import { addVersion, createMod, reportMod, submitMod, uploadForMod } from './player';

/** A passport player of an app that has asset streaming enabled (403 otherwise, as for the app's own calls). */
const cdnPlayer: PlayerPrincipal = async (ctx, req, opts) => {
  const player = await playerPrincipal(ctx, req, opts);
  const app = await ctx.apps.get(player.scopeId);
  if (!app) throw new Error(`no app ${player.scopeId} behind a live player token`);
  requireServiceEnabled(app, 'asset-streaming');
  return player;
};

/**
 * The CDN service's mods: the game client's calls (with a passport player token, so passport's principal says who
 * the player is) and the reads of a version's files. The review is the declaration's actions, mounted by the engine.
 */
export const cdnModsModule: ServiceModule = {
  service: 'asset-streaming',
  player: cdnPlayer,
  calls: (ctx) => ({
    'mods.create': (call) => createMod(ctx, call),
    'mods.uploadToken': (call) => uploadForMod(ctx, call),
    'mods.addVersion': (call) => addVersion(ctx, call),
    'mods.submit': (call) => submitMod(ctx, call),
    'mods.report': (call) => reportMod(ctx, call),
    'mods.entries': (call) => versionEntries(ctx, call),
    'mods.versionEntries': (call) => versionEntries(ctx, call, Number(call.params.v)),
  }),
};
