import { save } from '../../../resources/save';
import { modelOf, type Ctx } from '../../context';
import { settingsOf } from '../../engine/singleton';
import type { Queryable } from '../../db';
import type { SaveSettings } from './rules';

export const SERVICE = save.name;

/** The service's resource models. */
export const saveModels = (ctx: Ctx) => ({
  saves: modelOf(ctx, SERVICE, 'saves'),
  uploads: modelOf(ctx, SERVICE, 'uploads'),
  pfps: modelOf(ctx, SERVICE, 'pfps'),
  config: modelOf(ctx, SERVICE, 'app-config'),
});

/** The app's save settings: what it saved over the schema's defaults. */
export async function settingsFor(ctx: Ctx, db: Queryable, appId: string): Promise<SaveSettings> {
  return (await settingsOf(db, saveModels(ctx).config, appId)) as unknown as SaveSettings;
}
