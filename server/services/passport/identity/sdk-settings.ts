import { modelOf, type Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { notFound } from '../../../engine/errors';
import { settingsOf } from '../../../engine/singleton';
import { playerOf } from '../players/principal';
import { realNameOf, type AgeBand } from '../players/real-name';
import { SERVICE } from './shared';

/** The anti-addiction setting of each age band the real-name check gives (spec 002 §9). */
const BAND_FIELD: Record<AgeBand, string> = { under8: 'under8', '8-16': 'from8to16', '16-18': 'from16to18', over18: 'over18' };

/** What the game reads before sign-in (the terms) and after it (the anti-addiction rules that apply to the player). */
export const sdkSettingsHandlers = (ctx: Ctx): CallHandlers => ({
  'sdk.terms': async ({ scopeId }) => {
    const terms = await settingsOf(ctx.db, modelOf(ctx, SERVICE, 'tos'), scopeId);
    if (!terms.termsVersion) throw notFound('the game has no terms of service');
    return terms;
  },
  'sdk.antiAddiction': async (call) => {
    const player = playerOf(call);
    const { enforced, ...bands } = await settingsOf(ctx.db, modelOf(ctx, SERVICE, 'anti-addiction'), player.appId);
    const info = await realNameOf(ctx.db, player.appId, player.userId);
    const band = info.verified && info.ageBand ? info.ageBand : null;
    return { enforced: enforced === true, ageBand: band, rules: band ? (bands[BAND_FIELD[band]] ?? null) : null, bands };
  },
});
