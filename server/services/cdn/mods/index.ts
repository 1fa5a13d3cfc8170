import type { ServiceModule } from '../../index';
import { mountModContent } from './content';
import { versionEntries } from './entries';
import { addVersion, createMod, reportMod, submitMod, uploadForMod } from './player';
import { cdnPlayer } from './principal';

/**
 * The CDN service's mods: the game client's calls (with a passport player token, so passport's principal says who
 * the player is), the reads of a version's files and their content address. The review is the declaration's
 * actions, mounted by the engine.
 */
export const cdnModsModule: ServiceModule = {
  service: 'asset-streaming',
  player: cdnPlayer,
  mount: mountModContent,
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
