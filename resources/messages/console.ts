import type { Text } from '../types';
import { aiMessages } from './ai';
import { appsMessages } from './apps';
import { billingMessages } from './billing';
import { cdnMessages } from './cdn';
import { bakingMessages } from './baking';
import { pushMessages } from './push';
import { safeMessages } from './safe';
import { multiverseMessages } from './multiverse';
import { deviceMessages } from './device';
import { cdnModsMessages } from './cdn-mods';
import { meteringMessages } from './metering';
import { opsMessages } from './ops';
import { orgMessages } from './org';
import { passportConsoleMessages } from './passport-console';
import { passportEconomyMessages } from './passport-economy';
import { passportIdentityMessages } from './passport-identity';
import { passportLeaderboardsMessages } from './passport-leaderboards';
import { passportLiveopsMessages } from './passport-liveops';
import { passportPlayersMessages } from './passport-players';
import { paymentsMessages } from './payments';
import { referenceMessages } from './references';
import { ruleMessages } from './rules';
import { uprMessages } from './upr';
import { helloMessages } from './hello';
import { windMessages } from './wind';

/** The messages of the signed-in console: added when it loads. */
export const consoleMessages: Record<string, Text> = { ...orgMessages, ...appsMessages, ...opsMessages, ...billingMessages, ...meteringMessages, ...paymentsMessages, ...passportIdentityMessages, ...passportEconomyMessages, ...passportLeaderboardsMessages, ...passportPlayersMessages, ...passportLiveopsMessages, ...passportConsoleMessages, ...referenceMessages, ...ruleMessages, ...aiMessages, ...cdnMessages, ...cdnModsMessages, ...bakingMessages, ...pushMessages, ...safeMessages, ...multiverseMessages, ...uprMessages, ...helloMessages, ...windMessages, ...deviceMessages };
