import { recordOperation } from '../../../audit';
import { modelOf, type Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { conflict } from '../../../engine/errors';
import type { ResourceHooks } from '../../../engine/hooks';
import { records } from '../../../engine/query';
import { SERVICE } from './shared';

/** An approved template's text is what the platform approved: changing it means a new template, reviewed again. */
export const smsTemplateHooks: ResourceHooks = {
  validate: ({ data, existing }) => {
    if (existing?.status === 'Available' && existing.content !== data.content) {
      throw conflict('INVALID_TRANSITION', 'an approved template cannot be changed; create a new one', [{ field: '/content', message: 'cannot be changed' }]);
    }
    return [];
  },
};

/**
 * Enable (the app; only an Available template; the one enabled before stops being used). The review (approve,
 * reject) is declared as state actions only administrators may call (`resources/passport/identity.ts`).
 */
export const smsTemplateHandlers = (ctx: Ctx): CallHandlers => ({
  'smsTemplates.enable': async ({ scopeId, actor, params: { id }, input }) => {
    const m = modelOf(ctx, SERVICE, 'sms-templates');
    const version = input.version as number | undefined;
    const changes = await ctx.db.transaction(async (tx) => {
      const before = await records(tx, m).get(scopeId, id);
      if (before.status !== 'Available') throw conflict('INVALID_TRANSITION', 'only an approved template can be enabled');
      const after = await records(tx, m).updateOne(scopeId, id, { set: { enabled: true } }, { version, from: ['Available'] });
      const others = await records(tx, m).find(scopeId, { where: { id: { $ne: id }, enabled: true }, lock: 'update' });
      const out = [{ action: 'enable', id, before, after }];
      for (const was of others) {
        const now = await records(tx, m).updateOne(scopeId, String(was.id), { set: { enabled: false } });
        out.push({ action: 'disable', id: String(was.id), before: was, after: now });
      }
      return out;
    });
    for (const { action, id: target, before, after } of changes) {
      await recordOperation(ctx.db, { actor, appId: scopeId, action: `passport.sms-templates.${action}`, target, before, after });
    }
    return changes[0].after;
  },
});
