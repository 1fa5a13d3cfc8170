import { recordOperation } from '../../../audit';
import { modelOf, type Ctx } from '../../../context';
import { paramsSchema, type Api } from '../../../engine/api';
import { conflict } from '../../../engine/errors';
import type { Access } from '../../../engine/guard';
import type { ResourceHooks } from '../../../engine/hooks';
import { records } from '../../../engine/query';
import { RecordStore, type Data } from '../../../engine/store';
import { storedFields } from '../../../engine/write';
import { appCaller, BASE, errors, ok, SERVICE } from './shared';

/** An approved template's text is what the platform approved: changing it means a new template, reviewed again. */
export const smsTemplateHooks: ResourceHooks = {
  validate: ({ data, existing }) => {
    if (existing?.status === 'Available' && existing.content !== data.content) {
      throw conflict('INVALID_TRANSITION', 'an approved template cannot be changed; create a new one', [{ field: '/content', message: 'cannot be changed' }]);
    }
    return [];
  },
};

const versionProp = { version: { type: 'integer', minimum: 1, maximum: 2147483647 } };

function audit(ctx: Ctx, access: Access, action: string, id: string, before: Data | undefined, after: Data) {
  return recordOperation(ctx.db, { actor: access.principal.actor, appId: access.scopeId, action: `passport.sms-templates.${action}`, target: id, before, after });
}

/**
 * Enable (the app; only an Available template; the one enabled before stops being used). The review (approve,
 * reject) is declared as state actions only administrators may call (`resources/passport/identity.ts`).
 */
export function mountSmsTemplates(api: Api, ctx: Ctx): void {
  const m = modelOf(ctx, SERVICE, 'sms-templates');
  const item = `${BASE}/sms-templates/:id`;
  const answer = ok('the SMS template', m.recordSchema);
  const idOf = (params: unknown) => (params as { id: string }).id;

  api.route({
    method: 'POST',
    url: `${item}/enable`,
    summary: 'Send verification codes with this template (only an approved one); the template enabled before is disabled',
    tag: SERVICE,
    auth: 'service',
    params: paramsSchema('id'),
    optionalBody: { type: 'object', additionalProperties: false, properties: versionProp },
    responses: { 200: answer, ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      const id = idOf(req.params);
      const version = (req.body as { version?: number } | undefined)?.version;
      const changes = await ctx.db.transaction(async (tx) => {
        const store = new RecordStore(tx);
        const before = await store.get(m, access.scopeId, id);
        if (before.status !== 'Available') throw conflict('INVALID_TRANSITION', 'only an approved template can be enabled');
        const after = await store.update(m, access.scopeId, id, { data: { ...storedFields(m, before), enabled: true }, version, fromStatus: ['Available'] });
        const others = await records(tx, m).find(access.scopeId, { where: { id: { $ne: id }, enabled: true }, lock: 'update' });
        const out = [{ action: 'enable', id, before, after }];
        for (const was of others) {
          const now = await records(tx, m).updateOne(access.scopeId, String(was.id), { set: { enabled: false } });
          out.push({ action: 'disable', id: String(was.id), before: was, after: now });
        }
        return out;
      });
      for (const c of changes) await audit(ctx, access, c.action, c.id, c.before, c.after);
      return changes[0].after;
    },
  });
}
