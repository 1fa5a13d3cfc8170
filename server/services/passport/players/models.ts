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

/** How long a player token lives unless the app's settings say otherwise. */
export const DEFAULT_TOKEN_HOURS = 24 * 7;

/**
 * Passport's sign-in settings (the `/config` settings resource, when declared): which platforms and methods may
 * sign in, how long a player token lives, whether players must pass a real-name check before playing.
 */
export interface LoginSettings {
  loginPlatforms: string[];
  loginMethods: string[];
  tokenLifetimeHours: number;
  realNameRequired: boolean;
}

const configResource = passport.resources.find((r) => r.path === '/config' && r.singleton);
export const configModel = configResource ? buildModel(passport, configResource) : undefined;

export async function loginSettings(db: Queryable, appId: string): Promise<LoginSettings> {
  const saved = configModel ? await settingsOf(db, configModel, appId) : {};
  const list = (v: unknown, all: string[]) => (Array.isArray(v) ? (v as string[]) : all);
  const userProps = usersModel.res.schema.properties as Record<string, { enum: string[] }>;
  return {
    loginPlatforms: list(saved.loginPlatforms, userProps.platform.enum),
    loginMethods: list(saved.loginMethods, userProps.loginMethod.enum),
    tokenLifetimeHours: typeof saved.tokenLifetimeHours === 'number' ? saved.tokenLifetimeHours : DEFAULT_TOKEN_HOURS,
    realNameRequired: saved.realNameRequired === true,
  };
}
