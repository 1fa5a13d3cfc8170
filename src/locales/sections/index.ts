import { account } from './account';
import { billing } from './billing';
import { metering } from './metering';
import { payments } from './payments';
import { ops } from './ops';
import { org } from './org';
import { shell } from './shell';
import { passportIdentity } from './passport-identity';
import { passportEconomy } from './passport-economy';
import { passportLeaderboards } from './passport-leaderboards';
import { passportPlayers } from './passport-players';
import { passportLiveops } from './passport-liveops';
import { passportConsole } from './passport-console';

/** Sections of the console texts kept in their own files, each under its own top-level key. */
export const sections = {
  'zh-CN': { account: account['zh-CN'], org: org['zh-CN'], ops: ops['zh-CN'], shell: shell['zh-CN'], billing: billing['zh-CN'], metering: metering['zh-CN'], payments: payments['zh-CN'], passportIdentity: passportIdentity['zh-CN'], passportEconomy: passportEconomy['zh-CN'], passportLeaderboards: passportLeaderboards['zh-CN'], passportPlayers: passportPlayers['zh-CN'], passportLiveops: passportLiveops['zh-CN'], passportConsole: passportConsole['zh-CN'] },
  en: { account: account.en, org: org.en, ops: ops.en, shell: shell.en, billing: billing.en, metering: metering.en, payments: payments.en, passportIdentity: passportIdentity.en, passportEconomy: passportEconomy.en, passportLeaderboards: passportLeaderboards.en, passportPlayers: passportPlayers.en, passportLiveops: passportLiveops.en, passportConsole: passportConsole.en },
};
