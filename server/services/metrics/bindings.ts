/**
 * `POST /api/metrics/bind-user-roles` (spec 000 §7, on the account service): which members of the app's organisation
 * may see its shared metrics, and as what. An owner or admin of the organisation sets the whole list at once; every
 * account named must be a member. Stored as the app's `bindings` records, which the receiver's calls enforce.
 */
import { metrics } from '../../../resources/metrics';
import { modelOf, type Ctx } from '../../context';
import type { Api } from '../../engine/api';
import { errorResponses } from '../../engine/api';
import { badRequest, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import { findApp } from '../../platform/apps';
import { orgManager } from '../../platform/org/access';
import { findMember } from '../../platform/org/members';
import bindingSchema from '../../../schemas/metrics/binding.json' with { type: 'json' };
import { forgetAppInfo } from './receiver';

export const BIND_PATH = '/api/metrics/bind-user-roles';
export const bindingsOf = (ctx: Ctx) => records(ctx.db, modelOf(ctx, metrics.name, 'bindings'));

const body = {
  type: 'object',
  additionalProperties: false,
  required: ['AppId', 'Bindings'],
  properties: {
    AppId: { type: 'string', minLength: 1, maxLength: 64 },
    Bindings: {
      type: 'array',
      maxItems: 500,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['AccountId', 'Role'],
        properties: { AccountId: bindingSchema.properties.accountId, Role: { type: 'string', enum: bindingSchema.properties.role.enum } },
      },
    },
  },
};

interface Binding {
  AccountId: string;
  Role: string;
}

export function mountBindings(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: BIND_PATH,
    summary: "Set which members of the app's organisation may see its shared metrics, and as what (viewer, analyst): the whole list, replacing the one before; an owner or admin of the organisation",
    // On the account service (spec 000 §7), with the platform's app calls.
    tag: 'apps',
    auth: 'session',
    // The organisation's owner or an admin of it: the route says so, the handler enforces it.
    access: ['owner', 'org-admin'],
    body,
    responses: { 200: { description: 'the bindings now', schema: { type: 'object', properties: { AppId: { type: 'string' }, Bindings: { type: 'array', items: { type: 'object' } } } } }, ...errorResponses(400, 401, 403, 404) },
    handler: async (req) => {
      const { AppId, Bindings } = req.body as { AppId: string; Bindings: Binding[] };
      const app = await findApp(ctx.db, AppId);
      if (!app) throw notFound('no such app');
      await orgManager(ctx, req, app.OrganizationId);
      const members = await Promise.all(Bindings.map((b) => findMember(ctx.db, app.OrganizationId, b.AccountId)));
      const errors = Bindings.flatMap((b, i) => (members[i] ? [] : [{ field: `/Bindings/${i}/AccountId`, message: "not a member of the app's organisation" }]));
      const seen = new Set<string>();
      Bindings.forEach((b, i) => {
        if (seen.has(b.AccountId)) errors.push({ field: `/Bindings/${i}/AccountId`, message: 'named twice' });
        seen.add(b.AccountId);
      });
      if (errors.length) throw badRequest(errors);
      await ctx.db.transaction(async (tx) => {
        const stored = records(tx, modelOf(ctx, metrics.name, 'bindings'));
        await stored.remove(AppId, {});
        for (const [i, b] of Bindings.entries()) await stored.insert(AppId, { accountId: b.AccountId, email: members[i]!.Email, role: b.Role });
      });
      forgetAppInfo(AppId);
      return { AppId, Bindings };
    },
  });
}
