import { findService } from '../../resources';
import type { EnableServiceBody, ServiceDetails } from '../../resources/app-api';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import { errorSchema, paramsSchema, type Api } from '../engine/api';
import { badRequest, notFound } from '../engine/errors';
import { callerOf } from '../auth/callers';
import { appCaller } from './app-access';
import { appErrors, appSchema, enableServiceBody, serviceDetailsSchema } from './app-schemas';
import {
  assertNotOccupied,
  checkGivenProperties,
  ensureProject,
  findProject,
  findServiceById,
  lockApp,
  newServiceState,
  serviceDetails,
  serviceSuspended,
  writeServiceState,
} from './app-services';
import { findApp } from './apps';
import { ORG_MANAGERS, ORG_MEMBERS } from '../engine/access';

export function mountAppServices(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/api/app/:id/service',
    summary: 'Enables a catalogued service on an app (owners and admins, or administrators); enabling it again provisions what it lacks',
    tag: 'apps',
    auth: 'session',
    access: [...ORG_MANAGERS, 'admin'],
    params: paramsSchema('id'),
    body: enableServiceBody,
    responses: {
      200: { description: 'the app with the service enabled', schema: appSchema },
      ...appErrors,
      409: { description: 'an enabled service excludes it (service occupied), or it is suspended', schema: errorSchema },
    },
    handler: async (req) => {
      const id = (req.params as { id: string }).id;
      const body = req.body as EnableServiceBody;
      const caller = await appCaller(ctx, req, id, 'edit');
      const decl = findService(body.Service);
      if (!decl) throw badRequest([{ field: '/Service', message: 'unknown service' }]);
      const given = checkGivenProperties(decl, body.Properties);
      await ctx.db.transaction(async (tx) => {
        const app = await lockApp(tx, id);
        if (!app) throw notFound();
        const current = app.Services[decl.name];
        if (current && current.Status !== 'Enabled') throw serviceSuspended();
        if (current) {
          // Already enabled: nothing changes, except that a missing project is provisioned.
          const project = decl.catalogue.needsProject ? await ensureProject(tx, app, decl.name) : undefined;
          if (project) {
            await recordOperation(tx, { actor: caller.actor, appId: id, action: 'app.service.provision', target: current.ServiceId, after: project });
          }
          return;
        }
        assertNotOccupied(app, decl);
        const state = newServiceState(decl, given);
        await writeServiceState(tx, id, decl.name, state);
        const project = decl.catalogue.needsProject ? await ensureProject(tx, app, decl.name) : undefined;
        await recordOperation(tx, {
          actor: caller.actor,
          appId: id,
          action: 'app.service.enable',
          target: state.ServiceId,
          after: { Service: decl.name, ...state, Project: project ?? null },
        });
      });
      await ctx.apps.forget(id);
      return findApp(ctx.db, id, caller.accountId);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/app/service/:serviceId',
    summary: "An enabled service's runtime details (members of the app's organisation, or administrators)",
    tag: 'apps',
    auth: 'session',
    access: [...ORG_MEMBERS, 'admin'],
    params: paramsSchema('serviceId'),
    responses: {
      200: { description: 'the service', schema: serviceDetailsSchema },
      401: { description: 'not signed in', schema: errorSchema },
      403: { description: "not a member of the app's organisation", schema: errorSchema },
      404: { description: 'no such service', schema: errorSchema },
    },
    handler: async (req): Promise<ServiceDetails> => {
      const sessions = await callerOf(ctx, req);
      const found = await findServiceById(ctx.db, (req.params as { serviceId: string }).serviceId);
      if (!found) throw notFound();
      await appCaller(ctx, req, found.appId, 'read', sessions);
      const needsProject = findService(found.service)?.catalogue.needsProject;
      return serviceDetails(found.appId, found.service, found.state, needsProject ? await findProject(ctx.db, found.appId, found.service) : null);
    },
  });
}
