import { USED_BY } from '../../resources/relations';
import type { Ctx } from '../context';
import type { Api } from './api';
import type { ResourceModel } from './model';
import { mountRecordCall } from './record-calls';
import { referrersOf, usedBy } from './references';

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
  const call = {
    method: 'GET' as const,
    path: USED_BY.path,
    summary: `What refers to a ${m.res.singular.en} (and what deleting it does to them)`,
    access: 'read' as const,
    answer: { description: 'the referring records, per resource', schema: usedBySchema },
    errors: [400, 401, 403, 404],
  };
  mountRecordCall(api, ctx, m, call, async ({ access, record }) => ({ usedBy: await usedBy(ctx, access.scopeId, m, record) }));
}
