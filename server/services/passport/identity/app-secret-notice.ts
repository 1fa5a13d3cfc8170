import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { notFound } from '../../../engine/errors';

/**
 * The account service's notice that an app's secret changed (`apps.secretChanged`, made with the app's new or old
 * credential): passport forgets what it cached for the app, waiting for it so the other instances are told first.
 */
export const appSecretHandlers = (ctx: Ctx): CallHandlers => ({
  'apps.secretChanged': async ({ scopeId, actor, input }) => {
    if (input.appId !== undefined && input.appId !== scopeId) throw notFound();
    await ctx.apps.forget(scopeId);
    await recordOperation(ctx.db, { actor, appId: scopeId, action: 'passport.app-secret.notify', target: scopeId });
    return { appId: scopeId, forgotten: true };
  },
});
