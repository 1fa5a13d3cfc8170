import { modelOf, type Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import type { CallHandlers } from '../../../engine/declared-calls';
import { notFound } from '../../../engine/errors';
import { settingsOf } from '../../../engine/singleton';
import { playerOf } from '../players/principal';
import { realNameOf, type AgeBand } from '../players/real-name';
import { BASE, clientApp, errors, idString, ok, SERVICE } from './shared';

/** The anti-addiction setting of each age band the real-name check gives (spec 002 §9). */
const BAND_FIELD: Record<AgeBand, string> = { under8: 'under8', '8-16': 'from8to16', '16-18': 'from16to18', over18: 'over18' };

/** What the game reads before sign-in: the terms (a call of no caller, the app named in the query). */
export function mountSdkSettings(api: Api, ctx: Ctx): void {
  const tos = modelOf(ctx, SERVICE, 'tos');

  api.route({
    method: 'GET',
    url: `${BASE}/sdk/tos`,
    summary: "The game's terms of service, which players accept to sign in (404 until the app saves them)",
    tag: SERVICE,
    auth: 'none',
    querystring: { type: 'object', additionalProperties: false, required: ['appId'], properties: { appId: idString } },
    responses: { 200: ok('the terms', tos.recordSchema), ...errors(400, 403, 404) },
    handler: async (req) => {
      const app = await clientApp(ctx, (req.query as { appId: string }).appId);
      const terms = await settingsOf(ctx.db, tos, app.AppId);
      if (!terms.termsVersion) throw notFound('the game has no terms of service');
      return terms;
    },
  });
}

/** The anti-addiction rules that apply to the signed-in player (`sdk.antiAddiction`). */
export const sdkSettingsHandlers = (ctx: Ctx): CallHandlers => ({
  'sdk.antiAddiction': async (call) => {
    const player = playerOf(call);
    const { enforced, ...bands } = await settingsOf(ctx.db, modelOf(ctx, SERVICE, 'anti-addiction'), player.appId);
    const info = await realNameOf(ctx.db, player.appId, player.userId);
    const band = info.verified && info.ageBand ? info.ageBand : null;
    return { enforced: enforced === true, ageBand: band, rules: band ? (bands[BAND_FIELD[band]] ?? null) : null, bands };
  },
});
