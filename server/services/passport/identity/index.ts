import { modelOf } from '../../../context';
import type { PassportModule } from '../part';
import { codeHandlers } from './codes-routes';
import { identityDemoSteps } from './demo';
import { guildHooks, guildServiceHandlers } from './guilds/console-routes';
import { guildManageHandlers } from './guilds/manage-routes';
import { guildPlayerHandlers } from './guilds/player-routes';
import { appSecretHandlers } from './app-secret-notice';
import { moveGuildMembers } from './record-moves';
import { idProviderHooks } from './id-providers';
import { reportHandlers, reportHooks } from './reports';
import { sdkSettingsHandlers } from './sdk-settings';
import { smsTemplateHooks } from './sms-templates';

/**
 * Passport's identity area: the behaviour of its declared calls (verification codes, SMS templates, login providers,
 * the game's terms and anti-addiction rules, player reports, guilds with their rules), the checks of its records, the
 * secret notice, and the moves of rows kept in old tables into records that their declarations cannot describe.
 */
export const identityModule: PassportModule = {
  hooks: { 'sms-templates': smsTemplateHooks, reports: reportHooks, guilds: guildHooks, 'id-providers': idProviderHooks },
  calls: (ctx) => ({
    ...codeHandlers(ctx, (line) => console.log(line)),
    ...sdkSettingsHandlers(ctx),
    ...reportHandlers(ctx),
    ...guildPlayerHandlers(ctx),
    ...guildManageHandlers(ctx),
    ...guildServiceHandlers(ctx),
    ...appSecretHandlers(ctx),
  }),
  prepare: async (ctx) => {
    await moveGuildMembers(ctx.db, modelOf(ctx, 'passport', 'guild-members'), modelOf(ctx, 'passport', 'guilds'));
  },
  seedSteps: identityDemoSteps,
};
