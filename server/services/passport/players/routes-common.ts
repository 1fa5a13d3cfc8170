import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../../resources/types';
import type { Ctx } from '../../../context';
import { idParam } from '../../../engine/api';
export { errorResponses as errors, listAnswer, pageProperties } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import type { ResourceModel } from '../../../engine/model';
import type { Data } from '../../../engine/store';

export { BASE, SDK } from '../base';
export const TAG = 'passport';


export const personaIdBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['personaId'],
  properties: { personaId: idParam },
};

export const recordAnswer = (m: ResourceModel) => ({ description: m.res.singular.en, schema: m.recordSchema });

/** The app a console or game-server call is for (app credential or administrator), with passport enabled. */
export const appOf = async (ctx: Ctx, req: FastifyRequest) => authorizeService(ctx, req, TAG);

/** The record an item path names in the caller's app, or 404. */
export async function recordIn(ctx: Ctx, m: ResourceModel, appId: string, id: string): Promise<Data> {
  return ctx.store.get(m, appId, await ctx.store.resolveId(m, appId, id));
}
