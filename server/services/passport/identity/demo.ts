import { randomBytes } from 'node:crypto';
import { modelOf } from '../../../context';
import type { DemoRun, DemoSteps } from '../../../engine/demo-seed';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { logSend } from './codes';
import { saveEnumerated } from '../../../engine/enumerated';
import { idProviderHooks } from './id-providers';
import { guildModels } from './guilds/common';
import { addMember } from './guilds/membership';

/** The identity area's behaviour that its demo data (`resources/passport/demo-identity.ts`) runs. */
export const identityDemoSteps: DemoSteps = {
  /** A sign-in provider saved as the console saves it; one with a key gets a new random secret. */
  async idProvider({ ctx, appId }: DemoRun, { provider, enabled, appKey }: Data) {
    const appSecret = appKey ? randomBytes(16).toString('hex') : '';
    const m = modelOf(ctx, 'passport', 'id-providers');
    await saveEnumerated(ctx, new Map([['passport/id-providers', idProviderHooks]]), m, appId, String(provider), { enabled: Boolean(enabled), appKey: String(appKey), appSecret });
  },
  /** A text message in the sending log, as the code sender writes it. */
  async smsLog({ ctx, appId }: DemoRun, { phone, template, result, at }: Data) {
    const m = modelOf(ctx, 'passport', 'sms-templates');
    const { name } = await ctx.store.get(m, appId, String(template));
    await logSend(ctx.db, appId, String(phone), { id: String(template), name: String(name) }, String(result), at);
  },
  /** A persona joins a guild (its leader first), as an accepted request or an invitation adds them. */
  async guildMember({ ctx, appId }: DemoRun, { guild, persona, role }: Data) {
    const m = guildModels(ctx);
    const record = await records(ctx.db, m.guilds).get(appId, String(guild));
    await addMember(ctx.db, m, appId, record, String(persona), role ? String(role) : null);
  },
};
