import { services } from '../../resources';
import type { CreateAppBody, UpdateAppBody } from '../../resources/app-api';
import type { ServiceState } from '../../resources/platform';
import { occupiedBy } from '../../resources/serviceStatus';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import { errorSchema, paramsSchema, type Api } from '../engine/api';
import { badRequest, forbidden, notFound, type FieldError } from '../engine/errors';
import { callerOf } from '../auth/callers';
import { appCaller, EDIT_ROLES } from './app-access';
import { appErrors, appSchema, createAppBody, updateAppBody } from './app-schemas';
import { lockApp, serviceOccupied, type LockedApp } from './app-services';
import { auditView, findApp } from './apps';
import { createApp } from './accounts';
import { ORG_MANAGERS } from '../engine/access';

/** The app as the update leaves it; naming a service the app does not have is a 400. */
function applyUpdate(app: LockedApp, body: UpdateAppBody): LockedApp {
  const errors: FieldError[] = [];
  const nextServices: Record<string, ServiceState> = { ...app.Services };
  for (const [name, { Status }] of Object.entries(body.Services ?? {})) {
    const current = app.Services[name];
    if (!current) errors.push({ field: `/Services/${name}`, message: 'service not enabled' });
    else nextServices[name] = { ...current, Status };
  }
  if (errors.length) throw badRequest(errors);
  return {
    ...app,
    ProjectName: body.ProjectName?.trim() ?? app.ProjectName,
    Properties: { ...app.Properties, ...body.Properties },
    SupportMultiServices: body.SupportMultiServices ?? app.SupportMultiServices,
    Services: nextServices,
  };
}

/**
 * Refuses (409) a change that leaves two services that exclude each other enabled: resuming a service whose
 * rival is on, or turning SupportMultiServices off while two of the single-service group are on.
 */
function assertExclusionsHold(before: LockedApp, after: LockedApp): void {
  const modeChanged = before.SupportMultiServices !== after.SupportMultiServices;
  for (const decl of services) {
    const state = after.Services[decl.name];
    if (state?.Status !== 'Enabled') continue;
    const resumed = before.Services[decl.name]?.Status !== 'Enabled';
    if (!modeChanged && !resumed) continue;
    const blockers = occupiedBy(after, decl, services).map((s) => s.name);
    if (blockers.length) throw serviceOccupied(blockers, `/Services/${decl.name}`);
  }
}

export function mountAppWrites(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/api/app',
    summary: 'Creates an app in an organisation (owners and admins of it, or administrators)',
    tag: 'apps',
    auth: 'session',
    access: [...ORG_MANAGERS, 'admin'],
    body: createAppBody,
    responses: {
      201: { description: 'the new app', schema: appSchema },
      400: { description: 'bad input', schema: errorSchema },
      401: { description: 'not signed in', schema: errorSchema },
      403: { description: 'not an owner or admin of the organisation', schema: errorSchema },
      404: { description: 'no such organisation (administrators only)', schema: errorSchema },
    },
    handler: async (req, reply) => {
      const { user, admin } = await callerOf(ctx, req);
      const body = req.body as CreateAppBody;
      const role = user
        ? (await ctx.db.query<{ role: string }>('SELECT role FROM org_members WHERE org_id = $1 AND account_id = $2', [body.OrganizationId, user.id])).rows[0]?.role
        : undefined;
      let actor: string;
      if (user && role && EDIT_ROLES.has(role)) actor = `user:${user.email}`;
      else if (admin) {
        const org = await ctx.db.query('SELECT 1 FROM organizations WHERE id = $1', [body.OrganizationId]);
        if (!org.rows.length) throw notFound();
        actor = `admin:${admin.email}`;
      } else throw forbidden();
      const appId = await ctx.db.transaction(async (tx) => {
        const id = await createApp(tx, body.OrganizationId, body.ProjectName.trim(), [], { supportMultiServices: body.SupportMultiServices ?? true });
        const created = await findApp(tx, id);
        await recordOperation(tx, { actor, appId: id, action: 'app.create', target: id, after: created && auditView(created) });
        return id;
      });
      reply.code(201);
      return findApp(ctx.db, appId, user?.id ?? admin?.id);
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/app/:id',
    summary: "Renames an app or sets its properties (owners and admins); administrators also set multi-service support and suspend or resume services",
    tag: 'apps',
    auth: 'session',
    access: [...ORG_MANAGERS, 'admin'],
    params: paramsSchema('id'),
    body: updateAppBody,
    responses: {
      200: { description: 'the app', schema: appSchema },
      ...appErrors,
      409: { description: 'two services that exclude each other would both be enabled', schema: errorSchema },
    },
    handler: async (req) => {
      const body = req.body as UpdateAppBody;
      const id = (req.params as { id: string }).id;
      const adminPart = body.SupportMultiServices !== undefined || body.Services !== undefined;
      const caller = await appCaller(ctx, req, id, adminPart ? 'admin' : 'edit');
      await ctx.db.transaction(async (tx) => {
        const before = await lockApp(tx, id);
        if (!before) throw notFound();
        const after = applyUpdate(before, body);
        assertExclusionsHold(before, after);
        await tx.query('UPDATE apps SET project_name = $2, properties = $3::jsonb, support_multi_services = $4, services = $5::jsonb WHERE app_id = $1', [
          id,
          after.ProjectName,
          JSON.stringify(after.Properties),
          after.SupportMultiServices,
          JSON.stringify(after.Services),
        ]);
        await recordOperation(tx, { actor: caller.actor, appId: id, action: 'app.update', target: id, before, after });
      });
      await ctx.apps.forget(id);
      return findApp(ctx.db, id, caller.accountId);
    },
  });
}
