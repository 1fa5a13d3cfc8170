import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import type { PlayerPrincipal, ResourceHooks } from '../engine/hooks';
import { overrideHooks } from './config/hooks';
import { mountConfigService } from './config/routes';
import { passportModules } from './passport';

/** A service's hand-written part: checks on its declared resources and calls a declaration cannot express. */
export interface ServiceModule {
  service: string;
  hooks?: Record<string, ResourceHooks>;
  mount?: (api: Api, ctx: Ctx) => void;
  /** Who a player call is made by, for the player reads its declaration asks the engine to mount. */
  player?: PlayerPrincipal;
  /** Brings the service's stored data up to date at start-up, after the migrations and before any call is served. */
  prepare?: (ctx: Ctx) => Promise<void>;
  /** Adds the service's demo data to the demo app (on an empty database only). */
  seedDemo?: (ctx: Ctx, appId: string) => Promise<void>;
}

export const serviceModules: ServiceModule[] = [
  { service: 'remote-config', hooks: { overrides: overrideHooks }, mount: mountConfigService },
  ...passportModules,
];
