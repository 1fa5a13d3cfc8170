import { COMPANY_NAME_MAX, ORG_NAME_MAX, type CreateOrganizationBody, type UpdateOrganizationBody } from '../../../resources/org-api';
import type { Ctx } from '../../context';
import { paramsSchema, type Api } from '../../engine/api';
import { forbidden, notFound } from '../../engine/errors';
import { recordOperation } from '../../audit';
import { callerOf, orgManager, orgReader, requireUser, userActor } from './access';
import { addOrganization, findOrganization, listOrganizations, updateOrganization } from './organizations';
import { err, lineText, optionalLine, organizationSchema, orgErrors } from './schemas';
import { listSchema, pagingProperties, type Paging } from './sql';
import { ORG_MANAGERS, ORG_MEMBERS } from '../../engine/access';

const orgBody = (required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required,
  minProperties: 1,
  properties: { Name: lineText(ORG_NAME_MAX), CompanyName: optionalLine(COMPANY_NAME_MAX) },
});

interface ListQuery extends Paging {
  scope?: 'mine' | 'all';
  orgId?: string;
  orgName?: string;
  companyName?: string;
}

export function mountOrganizationRoutes(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/organizations',
    summary: "The caller's organisations; every organisation for an administrator session, with its search options",
    tag: 'organizations',
    auth: 'session',
    access: ['user', 'admin'],
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ...pagingProperties,
        scope: { type: 'string', enum: ['mine', 'all'], description: 'mine: only those the user belongs to; all: administrators only. Default: all for an administrator session' },
        orgId: { type: 'string', maxLength: 64 },
        orgName: { type: 'string', maxLength: ORG_NAME_MAX },
        companyName: { type: 'string', maxLength: COMPANY_NAME_MAX },
      },
    },
    responses: { 200: { description: 'organisations', schema: listSchema(organizationSchema) }, 400: err('bad input'), ...orgErrors },
    handler: async (req) => {
      const { user, admin } = await callerOf(ctx, req);
      const q = req.query as ListQuery;
      const scope = q.scope ?? (admin ? 'all' : 'mine');
      if (scope === 'all' && !admin) throw forbidden();
      if (scope === 'mine' && !user) throw forbidden();
      const viewer = (user ?? admin)!;
      return listOrganizations(ctx.db, viewer.id, { ...q, mine: scope === 'mine' });
    },
  });

  api.route({
    method: 'POST',
    url: '/api/organizations',
    summary: 'Creates an organisation; the creator becomes its owner',
    tag: 'organizations',
    auth: 'session',
    body: orgBody(['Name']),
    responses: {
      201: { description: 'the organisation', schema: organizationSchema },
      400: err('bad input'),
      ...orgErrors,
      409: err("an organisation with that name exists: 'organization already created'"),
    },
    handler: async (req, reply) => {
      const user = await requireUser(ctx, req);
      const body = req.body as CreateOrganizationBody;
      const id = await addOrganization(ctx.db, user.id, body.Name.trim(), body.CompanyName?.trim() ?? '');
      const org = await findOrganization(ctx.db, id, user.id);
      await recordOperation(ctx.db, { actor: userActor(user), action: 'org.create', target: id, after: org });
      reply.code(201);
      return org;
    },
  });

  api.route({
    method: 'GET',
    url: '/api/organizations/:id',
    summary: 'One organisation, for its members and administrators',
    tag: 'organizations',
    auth: 'session',
    access: [...ORG_MEMBERS, 'admin'],
    params: paramsSchema('id'),
    responses: { 200: { description: 'the organisation', schema: organizationSchema }, ...orgErrors, 404: err('no such organisation (administrators)') },
    handler: async (req) => {
      const id = (req.params as { id: string }).id;
      const { caller } = await orgReader(ctx, req, id);
      const org = await findOrganization(ctx.db, id, (caller.user ?? caller.admin)!.id);
      if (!org) throw notFound();
      return org;
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/organizations/:id',
    summary: "Renames an organisation or changes its company name (the organisation's owners and admins)",
    tag: 'organizations',
    auth: 'session',
    access: ORG_MANAGERS,
    params: paramsSchema('id'),
    body: orgBody([]),
    responses: {
      200: { description: 'the organisation', schema: organizationSchema },
      400: err('bad input'),
      ...orgErrors,
      409: err("another organisation has that name: 'organization already created'"),
    },
    handler: async (req) => {
      const id = (req.params as { id: string }).id;
      const { account } = await orgManager(ctx, req, id);
      const body = req.body as UpdateOrganizationBody;
      const before = await findOrganization(ctx.db, id, account.id);
      await updateOrganization(ctx.db, id, { Name: body.Name?.trim(), CompanyName: body.CompanyName?.trim() });
      const after = await findOrganization(ctx.db, id, account.id);
      await recordOperation(ctx.db, { actor: userActor(account), action: 'org.update', target: id, before, after });
      return after;
    },
  });
}
