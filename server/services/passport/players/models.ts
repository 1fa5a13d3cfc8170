import { passport } from '../../../../resources/passport';
import type { Queryable } from '../../../db';
import { buildModel, type ResourceModel } from '../../../engine/model';
import { settingsOf } from '../../../engine/singleton';

/**
 * The players area's resource models, built from the registry once, for code that has a database but no request
 * context (the player principal, background work). The same models the engine mounts.
 */
function model(name: string): ResourceModel {
  const res = passport.resources.find((r) => r.name === name);
  if (!res) throw new Error(`passport/${name} is not declared`);
  return buildModel(passport, res);
}

export const usersModel = model('users');
export const personasModel = model('personas');
export const realmsModel = model('realms');
export const friendConfigModel = model('friendConfig');
export const rateLimitModel = model('rateLimit');

export { settingsOf };

/**
 * Passport's sign-in settings (the `/config` settings resource): which platforms and methods may sign in, how long a
 * player token lives, whether players must pass a real-name check before playing; the schema's defaults until saved.
 */
export interface LoginSettings {
  loginPlatforms: string[];
  loginMethods: string[];
  tokenLifetimeHours: number;
  realNameRequired: boolean;
}

export const configModel = model('config');

/** How long a player token lives unless the app's settings say otherwise: the settings' default. */
export const DEFAULT_TOKEN_HOURS = (configModel.res.schema.properties as Record<string, { default: number }>).tokenLifetimeHours.default;

export const loginSettings = async (db: Queryable, appId: string) => (await settingsOf(db, configModel, appId)) as unknown as LoginSettings;
