/** The app's device config at the spec's `GET|PUT <base>/{appId}`: one record per app, its id the app's. */
import { configSchema } from '../../../resources/device/resources';
import type { JsonSchema } from '../../../resources/types';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers } from '../../engine/declared-calls';
import { records } from '../../engine/query';
import { deviceModels, SERVICE } from './models';

export interface DeviceConfig {
  monkeyEvents: number;
  throttleMs: number;
  timeoutSeconds: number;
  devices: string[];
}

const props = configSchema.properties as Record<string, JsonSchema>;
/** The schema's defaults: what an app's config says before its first PUT. */
export const DEFAULT_CONFIG = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, s.default])) as unknown as DeviceConfig;

const pick = (data: Record<string, unknown>) => Object.fromEntries(Object.keys(props).flatMap((k) => (data[k] === undefined ? [] : [[k, data[k]]])));

export async function configOf(ctx: Ctx, appId: string): Promise<DeviceConfig> {
  const saved = await records(ctx.db, deviceModels(ctx).configs).maybe(appId, appId);
  return { ...structuredClone(DEFAULT_CONFIG), ...(saved ? pick(saved) : {}) };
}

export const configCalls = (ctx: Ctx): CallHandlers => ({
  config: async (call) => configOf(ctx, call.scopeId),
  'config.save': async (call) => {
    const appId = call.scopeId;
    const after = { ...structuredClone(DEFAULT_CONFIG), ...pick(call.input) };
    const configs = records(ctx.db, deviceModels(ctx).configs);
    const before = await configs.maybe(appId, appId);
    if (before) await configs.updateOne(appId, appId, { set: after });
    else await configs.insert(appId, after, { id: appId });
    await recordOperation(ctx.db, { actor: call.actor, appId, action: `${SERVICE}.configs.update`, target: appId, ...(before ? { before: pick(before) } : {}), after });
    return after;
  },
});
