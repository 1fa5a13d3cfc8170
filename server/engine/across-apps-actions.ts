import type { FastifyRequest } from 'fastify';
import { acrossAppsActionPath } from '../../resources/across-apps';
import { actionCall } from '../../resources/action-call';
import type { Ctx } from '../context';
import { adminActor, requireAdmin } from '../auth/callers';
import { errorResponses, idParam, type Api } from './api';
import type { CallHandlers } from './declared-calls';
import { notFound } from './errors';
import type { ResourceModel } from './model';
import { records } from './query';

/**
 * The back office's state actions on any app's record (`acrossApps.actions`): for administrators only, each the
 * action the service performs for the app (its handler, by the endpoint's name `<resource>.<action>`), run in the app
 * that holds the record, with the administrator as the one who took it. The answer is the service's own.
 */
export function mountAcrossAppsActions(api: Api, ctx: Ctx, m: ResourceModel, handlers: CallHandlers): void {
  for (const name of m.res.acrossApps?.actions ?? []) {
    const action = m.res.actions!.find((a) => a.name === name)!;
    const handler = handlers[`${m.res.name}.${name}`];
    if (!handler) throw new Error(`${m.service.name}/${m.res.name}: action '${name}' is taken across apps, but no module performs it`);
    const call = actionCall(m.service, action);
    api.route({
      method: call.method,
      url: `${m.service.base}${acrossAppsActionPath(m.res, 'id', call.path)}`,
      summary: `${action.label.en}: a ${m.res.singular.en} of any app (administrators)`,
      tag: m.service.name,
      auth: 'admin',
      params: { type: 'object', required: ['id'], properties: { id: idParam } },
      optionalBody: { type: 'object', properties: { version: { type: 'integer', minimum: 1 } } },
      responses: { 200: { description: 'the service\'s answer', schema: { type: 'object' } }, ...errorResponses(400, 401, 403, 404, 409) },
      handler: async (req: FastifyRequest, reply) => {
        const admin = await requireAdmin(ctx, req);
        const { id } = req.params as { id: string };
        const [found] = await records(ctx.db, m).findEverywhere({ where: { id }, limit: 1 });
        if (!found) throw notFound();
        const input = (req.body ?? {}) as Record<string, unknown>;
        return handler({ req, reply, scopeId: found.scopeId, actor: adminActor(admin), params: { [m.idParam]: id }, input, record: found.record });
      },
    });
  }
}
