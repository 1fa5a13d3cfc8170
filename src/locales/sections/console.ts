import { assistant } from './assistant';
import { billing } from './billing';
import { cdnConsole } from './cdn-console';
import { metering } from './metering';
import { ops } from './ops';
import { org } from './org';
import { passportConsole } from './passport-console';
import { passportLeaderboards } from './passport-leaderboards';
import { passportLiveops } from './passport-liveops';
import { passportPlayers } from './passport-players';
import { payments } from './payments';
import { playgrounds } from './playgrounds';
import { upr } from './upr';
import { device } from './device';
import { match } from './match';
import { funcStateless } from './func-stateless';
import { fileUpload } from './file-upload';

/** The sections only the signed-in console uses: added when the console loads. */
export const consoleSections = {
  'zh-CN': { org: org['zh-CN'], ops: ops['zh-CN'], payments: payments['zh-CN'], billing: billing['zh-CN'], metering: metering['zh-CN'], passportLeaderboards: passportLeaderboards['zh-CN'], passportPlayers: passportPlayers['zh-CN'], passportLiveops: passportLiveops['zh-CN'], passportConsole: passportConsole['zh-CN'], assistant: assistant['zh-CN'], playgrounds: playgrounds['zh-CN'], cdnConsole: cdnConsole['zh-CN'], upr: upr['zh-CN'], device: device['zh-CN'], match: match['zh-CN'], funcStateless: funcStateless['zh-CN'], fileUpload: fileUpload['zh-CN'] },
  en: { org: org.en, ops: ops.en, payments: payments.en, billing: billing.en, metering: metering.en, passportLeaderboards: passportLeaderboards.en, passportPlayers: passportPlayers.en, passportLiveops: passportLiveops.en, passportConsole: passportConsole.en, assistant: assistant.en, playgrounds: playgrounds.en, cdnConsole: cdnConsole.en, upr: upr.en, device: device.en, match: match.en, funcStateless: funcStateless.en, fileUpload: fileUpload.en },
};
