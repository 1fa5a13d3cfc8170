import { USED_BY } from '../../resources/relations';
import type { Ctx } from '../context';
import { errorResponses, type Api } from './api';
import { itemParams } from './children';
import { authorize } from './guard';
import type { ResourceModel } from './model';
import { referrersOf, usedBy } from './references';
import { idOf } from './write';

const usedBySchema = {
  type: 'object',
  required: ['usedBy'],
  properties: {
    usedBy: {
      type: 'array',
      items: {
        type: 'object',
        required: ['resource', 'onDelete', 'total', 'items'],
        properties: {
          resource: { type: 'string', description: 'the referring resource of the same service' },
          onDelete: { type: 'string', enum: ['restrict', 'cascade', 'set-null', 'keep'], description: 'what deleting this record does to them' },
          total: { type: 'integer' },
          items: {
            type: 'array',
            description: 'the first few of them',
            items: { type: 'object', required: ['id', 'title'], properties: { id: { type: 'string' }, title: { type: 'string' } } },
          },
        },
      },
    },
  },
};

/**
 * `GET <item>/used-by`: what refers to the record (declared references and sub-resources), so that deleting it can
 * be confirmed knowing who uses it. Mounted for every deletable resource something refers to; read access.
 */
export function mountUsedBy(api: Api, ctx: Ctx, m: ResourceModel): void {
  if (!m.res.operations.includes('delete') || referrersOf(ctx.models.values(), m).length === 0) return;
  api.route({
    method: 'GET',
    url: `${m.base}/:${m.idParam}${USED_BY.path}`,
    summary: `What refers to a ${m.res.singular.en} (and what deleting it does to them)`,
    tag: m.service.name,
    auth: 'service',
    access: m.res.access.read,
    params: itemParams(m),
    responses: { 200: { description: 'the referring records, per resource', schema: usedBySchema }, ...errorResponses(400, 401, 403, 404) },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, 'read');
      const record = await ctx.store.get(m, access.scopeId, await ctx.store.resolveId(m, access.scopeId, idOf(req, m)));
      return { usedBy: await usedBy(ctx, access.scopeId, m, record) };
    },
  });
}
