import type { JsonSchema } from '../../../../resources/types';
import { requireServiceEnabled } from '../../../auth/principal';
import { modelOf, type Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import { notFound } from '../../../engine/errors';
import { settingsOf } from '../../../engine/singleton';
import { requirePlayer } from '../players/principal';
import { realNameOf, type AgeBand } from '../players/real-name';
import { BASE, errors, idString, ok, SERVICE } from './shared';

/** The anti-addiction setting of each age band the real-name check gives (spec 002 §9). */
const BAND_FIELD: Record<AgeBand, string> = { under8: 'under8', '8-16': 'from8to16', '16-18': 'from16to18', over18: 'over18' };

/** What the game reads before sign-in (the terms) and after it (the anti-addiction rules that apply to the player). */
export function mountSdkSettings(api: Api, ctx: Ctx): void {
  const tos = modelOf(ctx, SERVICE, 'tos');
  const antiAddiction = modelOf(ctx, SERVICE, 'anti-addiction');

  api.route({
    method: 'GET',
    url: `${BASE}/sdk/tos`,
    summary: "The game's terms of service, which players accept to sign in (404 until the app saves them)",
    tag: SERVICE,
    auth: 'none',
    querystring: { type: 'object', additionalProperties: false, required: ['appId'], properties: { appId: idString } },
    responses: { 200: ok('the terms', tos.recordSchema), ...errors(400, 403, 404) },
    handler: async (req) => {
      const app = await ctx.apps.get((req.query as { appId: string }).appId);
      if (!app) throw notFound();
      requireServiceEnabled(app, SERVICE);
      const terms = await settingsOf(ctx.db, tos, app.AppId);
      if (!terms.termsVersion) throw notFound('the game has no terms of service');
      return terms;
    },
  });

  const rules: JsonSchema = {
    type: 'object',
    properties: {
      enforced: { type: 'boolean' },
      ageBand: { type: ['string', 'null'], enum: ['under8', '8-16', '16-18', 'over18', null] },
      rules: { type: ['object', 'null'], description: "The player's band's daily minutes, allowed hours and monthly spending limit" },
      bands: { type: 'object' },
    },
  };
  api.route({
    method: 'GET',
    url: `${BASE}/sdk/anti-addiction`,
    summary: "The anti-addiction rules and, once the player passed the real-name check, the rules of the player's age band",
    tag: SERVICE,
    auth: 'player',
    responses: { 200: ok('the rules', rules), ...errors(401, 403, 423) },
    handler: async (req) => {
      const player = await requirePlayer(ctx.db, req, { realNameExempt: true });
      const { enforced, ...bands } = await settingsOf(ctx.db, antiAddiction, player.appId);
      const info = await realNameOf(ctx.db, player.appId, player.userId);
      const band = info.verified && info.ageBand ? info.ageBand : null;
      return { enforced: enforced === true, ageBand: band, rules: band ? (bands[BAND_FIELD[band]] ?? null) : null, bands };
    },
  });
}
