import { PROJECT_NAME_MAX } from '../../../resources/org-api';
import type { Ctx } from '../../context';
import { paramsSchema, type Api } from '../../engine/api';
import { forbidden, notFound } from '../../engine/errors';
import { recordOperation } from '../../audit';
import { createApp } from '../accounts';
import { callerOf, orgManager, orgReader, roleIn, userActor } from './access';
import { listMembers } from './members';
import { findProject, listProjects } from './projects';
import { err, lineText, orgErrors, projectDetailSchema, projectSchema } from './schemas';
import { listSchema, pagingProperties, type Paging } from './sql';
import { ORG_MANAGERS, ORG_MEMBERS } from '../../engine/access';

export function mountProjectRoutes(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/organizations/:id/projects',
    summary: "An organisation's projects (one per app, with the app's id and name)",
    tag: 'organizations',
    auth: 'session',
    access: [...ORG_MEMBERS, 'admin'],
    params: paramsSchema('id'),
    querystring: { type: 'object', additionalProperties: false, properties: pagingProperties },
    responses: { 200: { description: 'projects', schema: listSchema(projectSchema) }, 400: err('bad input'), ...orgErrors, 404: err('no such organisation (administrators)') },
    handler: async (req) => {
      const { id } = req.params as { id: string };
      await orgReader(ctx, req, id);
      return listProjects(ctx.db, id, req.query as Paging);
    },
  });

  api.route({
    method: 'POST',
    url: '/api/organizations/:id/projects',
    summary: 'Creates a project: a new app in the organisation (owners and admins)',
    tag: 'organizations',
    auth: 'session',
    access: ORG_MANAGERS,
    params: paramsSchema('id'),
    body: { type: 'object', additionalProperties: false, required: ['Name'], properties: { Name: lineText(PROJECT_NAME_MAX) } },
    responses: { 201: { description: 'the project', schema: projectSchema }, 400: err('bad input'), ...orgErrors },
    handler: async (req, reply) => {
      const { id } = req.params as { id: string };
      const { account } = await orgManager(ctx, req, id);
      const appId = await createApp(ctx.db, id, (req.body as { Name: string }).Name.trim());
      const project = await findProject(ctx.db, appId);
      await recordOperation(ctx.db, { actor: userActor(account), appId, action: 'project.create', target: appId, after: project });
      reply.code(201);
      return project;
    },
  });

  api.route({
    method: 'GET',
    url: '/api/projects/:id',
    summary: "A project with its members: everyone in its organisation (the organisation's members and administrators)",
    tag: 'organizations',
    auth: 'session',
    access: [...ORG_MEMBERS, 'admin'],
    params: paramsSchema('id'),
    responses: {
      200: { description: 'the project', schema: projectDetailSchema },
      ...orgErrors,
      404: err('no such project (administrators only; others get 403)'),
    },
    handler: async (req) => {
      const { user, admin } = await callerOf(ctx, req);
      const project = await findProject(ctx.db, (req.params as { id: string }).id);
      const member = project && user ? await roleIn(ctx.db, project.OrganizationId, user.id) : undefined;
      if (!member && !admin) throw forbidden();
      if (!project) throw notFound();
      return { ...project, Members: await listMembers(ctx.db, project.OrganizationId) };
    },
  });
}
