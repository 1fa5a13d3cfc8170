import type { ServiceModule } from '../index';
import { economyModule } from './economy';
import { identityModule } from './identity';
import { leaderboardsModule } from './leaderboards';
import { liveopsModule } from './liveops';
import { playersModule } from './players';

/** Passport's areas as service modules (each mounts its own calls and hooks). */
export const passportModules: ServiceModule[] = [playersModule, identityModule, leaderboardsModule, economyModule, liveopsModule].map((m) => ({
  service: 'passport',
  ...m,
}));
