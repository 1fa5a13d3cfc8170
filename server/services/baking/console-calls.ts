import { allowedTypes, INSTANCE_TYPES } from '../../../resources/baking/instance-types';
import { modelOf, type Ctx } from '../../context';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { notFound, type FieldError } from '../../engine/errors';
import type { ResourceHooks, WriteInput } from '../../engine/hooks';
import { records } from '../../engine/query';
import { endSession, sessionAction, SERVICE } from './sessions';
import { resultFiles } from './results';

const settingsOf = (ctx: Ctx) => records(ctx.db, modelOf(ctx, SERVICE, 'settings'));

/** The instance types listed in the app's settings (none: every one allowed). */
async function listedTypes(ctx: Ctx, appId: string): Promise<string[] | undefined> {
  return (await settingsOf(ctx).maybe(appId, appId))?.instanceTypes as string[] | undefined;
}

/** Sessions and agents name an instance type the app may use: one of the platform's, allowed by its settings. */
const instanceTypeCheck: ResourceHooks = {
  validate: async ({ ctx, scopeId, data }: WriteInput): Promise<FieldError[]> => {
    const type = String(data.instanceType ?? '');
    if (!INSTANCE_TYPES.some((t) => t.id === type)) return [{ field: '/instanceType', message: 'unknown instance type' }];
    if (!allowedTypes(await listedTypes(ctx, scopeId)).some((t) => t.id === type)) return [{ field: '/instanceType', message: 'the app may not use this instance type' }];
    return [];
  },
};

/**
 * An agent is watched for lost heartbeats from its first beat or claim on: one registered that never called again
 * holds no session, so nothing waits on it.
 */
export const bakingHooks: Record<string, ResourceHooks> = { sessions: instanceTypeCheck, agents: instanceTypeCheck };

/** Cancel, mark done, mark failed from the console or the game's server: the move, with the running node stopped. */
const consoleMove = (ctx: Ctx, name: 'cancel' | 'done' | 'fail', nodeState: string) => (call: CallInput) =>
  endSession(ctx, call.scopeId, String(call.record!.id), { action: sessionAction(name), nodeState, actor: call.actor, history: `sessions.${name}` });

export function consoleCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'sessions.cancel': consoleMove(ctx, 'cancel', 'Canceled'),
    'sessions.done': consoleMove(ctx, 'done', 'Finished'),
    'sessions.fail': consoleMove(ctx, 'fail', 'Failed'),
    'sessions.results': async (call) => resultFiles(ctx, call.req, call.scopeId, String(call.record!.id)),
    'apps.init': async (call) => {
      const listed = await listedTypes(ctx, call.scopeId);
      if (listed) return { appId: call.scopeId, instanceTypes: listed, created: false };
      await settingsOf(ctx).insert(call.scopeId, { instanceTypes: [] }, { id: call.scopeId });
      return { appId: call.scopeId, instanceTypes: [], created: true };
    },
    'instanceTypes.list': async () => ({ items: INSTANCE_TYPES }),
    'instanceTypes.show': async (call) => {
      const type = INSTANCE_TYPES.find((t) => t.id === call.params.id);
      if (!type) throw notFound('unknown instance type');
      return type;
    },
    'apps.instanceTypes': async (call) => {
      return { items: allowedTypes(await listedTypes(ctx, call.scopeId)) };
    },
  };
}
