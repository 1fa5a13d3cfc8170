import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  CERTIFICATION_STATUSES,
  CERTIFICATIONS,
  isValidCreditCode,
  type Certification,
  type CertificationInput,
  type CertificationStatus,
} from '../../../resources/payments-api';
import type { JsonSchema } from '../../../resources/types';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import { type Api, idParam, paramsSchema } from '../../engine/api';
import { mountEntityActions } from '../../engine/entity-actions';
import { badRequest, conflict, notFound } from '../../engine/errors';
import { recordOperation } from '../../audit';
import { publicOrigin, userActor } from '../../auth/callers';
import { Signer } from '../../blob/signing';
import { blobStoreFor, DOWNLOAD_LINK_SECONDS } from '../../blob/store';
import { failures, listOf, paging } from '../../ops/schemas';
import { actionActor, actionCaller, membershipsOf, moneyCallerOf, permitAction, requireManager, requireReader } from '../access';
import { errorResponse } from '../alipay/schemas';
import { findCertification, listCertifications } from './store';
import { MONEY_READERS } from '../../engine/access';

const UNIQUE_VIOLATION = '23505';
const ALREADY_PENDING = 'a certification request is already pending';

const fields = {
  CompanyName: { type: 'string', minLength: 2, maxLength: 100 },
  CreditCode: { type: 'string', minLength: 18, maxLength: 18 },
  LegalPerson: { type: 'string', minLength: 1, maxLength: 50 },
  LicenseKey: { type: 'string', minLength: 1, maxLength: 512 },
} as const;

const inputSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['OrgId', 'CompanyName', 'CreditCode', 'LegalPerson', 'LicenseKey'],
  properties: { OrgId: idParam, ...fields },
};

const updateSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['CompanyName', 'CreditCode', 'LegalPerson', 'LicenseKey', 'Version'],
  properties: { ...fields, Version: { type: 'integer', minimum: 1, maximum: 1e9 } },
};

const querySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { orgId: idParam, status: { enum: [...CERTIFICATION_STATUSES] }, q: { type: 'string', maxLength: 100 }, ...paging },
};

const str = { type: 'string' } as const;
const certificationSchema: JsonSchema = {
  type: 'object',
  required: ['Id', 'OrgId', 'CompanyName', 'CreditCode', 'LegalPerson', 'LicenseKey', 'Status', 'Version'],
  properties: {
    Id: str,
    OrgId: str,
    OrgName: str,
    CompanyName: str,
    CreditCode: str,
    LegalPerson: str,
    LicenseKey: str,
    LicenseUrl: str,
    Status: { enum: [...CERTIFICATION_STATUSES] },
    RequestedBy: str,
    ReviewedBy: { type: ['string', 'null'] },
    ReviewedAt: { type: ['string', 'null'], format: 'date-time' },
    CreatedAt: { type: 'string', format: 'date-time' },
    UpdatedAt: { type: 'string', format: 'date-time' },
    Version: { type: 'integer' },
  },
};

const responses = {
  200: { description: 'the certification request', schema: certificationSchema },
  ...failures,
  404: errorResponse('no such request'),
  409: errorResponse('not allowed in its status'),
};

type Fields = Omit<CertificationInput, 'OrgId'>;

/** The credit code's GB 32100 check character, and a licence uploaded for one of the organisation's apps. */
async function checkFields(db: Queryable, orgId: string, f: Fields): Promise<void> {
  const errors = [];
  if (!isValidCreditCode(f.CreditCode)) errors.push({ field: '/CreditCode', message: 'invalid unified social credit code' });
  const licence = await db.query('SELECT 1 FROM blobs b JOIN apps a ON a.app_id = b.app_id WHERE b.key = $1 AND a.org_id = $2', [f.LicenseKey, orgId]);
  if (!licence.rows.length) errors.push({ field: '/LicenseKey', message: 'not a file uploaded for this organization' });
  if (errors.length) throw badRequest(errors);
}

const isOwner = (role: string) => role === 'owner';

/** The organisation's state and company name, as the history shows them beside a reviewed request. */
async function organizationOf(q: Queryable, orgId: string, lock = false): Promise<{ Status: string; CompanyName: string }> {
  const res = await q.query<{ status: string; company_name: string }>(`SELECT status, company_name FROM organizations WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [orgId]);
  return { Status: res.rows[0].status, CompanyName: res.rows[0].company_name };
}
const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

/** Enterprise certification (spec 000 §3, §4): the owner asks, the back office approves or invalidates. */
export function mountCertification(api: Api, ctx: Ctx): void {
  const signer = new Signer(ctx.db, () => ctx.config.secretKey);

  async function readable(req: FastifyRequest): Promise<Certification> {
    await moneyCallerOf(ctx, req);
    const found = await findCertification(ctx.db, idOf(req));
    if (!found) throw notFound();
    await requireReader(ctx, req, found.OrgId);
    return found;
  }

  api.route({
    method: 'POST',
    url: '/api/enterprise-certification',
    summary: "Ask to certify the organisation as an enterprise: company, unified social credit code, legal person, licence file (the organisation's owner)",
    tag: 'certification',
    auth: 'session',
    access: ['owner'],
    body: inputSchema,
    responses: { ...responses, 409: errorResponse('a request is already pending') },
    handler: async (req): Promise<Certification> => {
      const input = req.body as CertificationInput;
      const actor = userActor(await requireManager(ctx, req, input.OrgId, isOwner));
      await checkFields(ctx.db, input.OrgId, input);
      const id = randomUUID();
      try {
        return await ctx.db.transaction(async (q) => {
          await q.query(
            `INSERT INTO enterprise_certifications (id, org_id, company_name, credit_code, legal_person, license_key, requested_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [id, input.OrgId, input.CompanyName.trim(), input.CreditCode, input.LegalPerson.trim(), input.LicenseKey, actor],
          );
          const created = (await findCertification(q, id))!;
          await recordOperation(q, { actor, action: 'org.certification.request', target: id, after: created });
          return created;
        });
      } catch (e) {
        if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw conflict('DUPLICATE', ALREADY_PENDING);
        throw e;
      }
    },
  });

  api.route({
    method: 'GET',
    url: '/api/enterprise-certification',
    summary: "Certification requests, newest first: a member sees their organisations' (filter orgId), the back office all (filter status, text)",
    tag: 'certification',
    auth: 'session',
    access: MONEY_READERS,
    querystring: querySchema,
    responses: { 200: { description: 'a page of requests', schema: listOf(certificationSchema) }, ...failures },
    handler: async (req) => {
      const query = req.query as { orgId?: string; status?: CertificationStatus; q?: string; count: number; start: number };
      const caller = await moneyCallerOf(ctx, req);
      let orgIds: string[] | undefined;
      if (!caller.office) {
        if (query.orgId) await requireReader(ctx, req, query.orgId);
        orgIds = [...(await membershipsOf(ctx.db, caller.user!.id)).keys()];
      }
      return listCertifications(ctx.db, { orgIds, orgId: query.orgId, status: query.status, q: query.q?.trim() || undefined }, query.count, query.start);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/enterprise-certification/:id',
    summary: 'One certification request with a short-lived link to its licence file (members of its organisation and the back office)',
    tag: 'certification',
    auth: 'session',
    access: MONEY_READERS,
    params: paramsSchema('id'),
    responses,
    handler: async (req): Promise<Certification> => {
      const found = await readable(req);
      const expires = new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000);
      return { ...found, LicenseUrl: await blobStoreFor(ctx.config, signer).downloadUrl(found.LicenseKey, expires, publicOrigin(ctx, req)) };
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/enterprise-certification/:id',
    summary: 'Correct a Pending certification request (the owner; carries the version it read)',
    tag: 'certification',
    auth: 'session',
    access: ['owner'],
    params: paramsSchema('id'),
    body: updateSchema,
    responses,
    handler: async (req): Promise<Certification> => {
      const input = req.body as Fields & { Version: number };
      const current = await readable(req);
      const actor = userActor(await requireManager(ctx, req, current.OrgId, isOwner));
      await checkFields(ctx.db, current.OrgId, input);
      return ctx.db.transaction(async (q) => {
        const before = (await findCertification(q, current.Id, true))!;
        if (before.Status !== 'Pending') throw conflict('INVALID_TRANSITION', 'only pending requests can be changed');
        if (before.Version !== input.Version) throw conflict('VERSION_CONFLICT', 'version conflict');
        await q.query(
          `UPDATE enterprise_certifications SET company_name = $2, credit_code = $3, legal_person = $4, license_key = $5, updated_at = now(), version = version + 1
           WHERE id = $1`,
          [before.Id, input.CompanyName.trim(), input.CreditCode, input.LegalPerson.trim(), input.LicenseKey],
        );
        const after = (await findCertification(q, before.Id))!;
        await recordOperation(q, { actor, action: 'org.certification.update', target: before.Id, before, after });
        return after;
      });
    },
  });

  // Approve, invalidate: declared in CERTIFICATIONS. The history keeps the organisation's state beside the request's.
  mountEntityActions(api, ctx, CERTIFICATIONS, { tag: 'certification', schema: certificationSchema }, {
    caller: (req, action) => actionCaller(ctx, req, action),
    lock: async (q, id) => {
      const found = await findCertification(q, id, true);
      return found && { ...found, Organization: await organizationOf(q, found.OrgId, true) };
    },
    permit: (q, caller, request, action) => permitAction(q, caller, request.OrgId, action),
    apply: async (q, before, action, caller) => {
      await q.query('UPDATE enterprise_certifications SET status = $2, reviewed_by = $3, reviewed_at = now(), updated_at = now(), version = version + 1 WHERE id = $1', [
        before.Id,
        action.to,
        actionActor(caller, action),
      ]);
      if (action.to === 'Approved') {
        await q.query("UPDATE organizations SET status = 'Approved', company_name = $2 WHERE id = $1", [before.OrgId, before.CompanyName]);
      } else if (before.Status === 'Approved' || before.Organization.Status !== 'Approved') {
        // Turning down a new request leaves an organisation approved earlier as it was.
        await q.query("UPDATE organizations SET status = 'Invalid' WHERE id = $1", [before.OrgId]);
      }
      return { ...(await findCertification(q, before.Id))!, Organization: await organizationOf(q, before.OrgId) };
    },
    history: async (_q, caller, _before, _after, action) => ({ actor: actionActor(caller, action) }),
    answer: async (q, after) => (await findCertification(q, after.Id))!,
  });
}
