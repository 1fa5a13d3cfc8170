import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../../resources/types';
import type { Ctx } from '../../../context';
import { idParam } from '../../../engine/api';
export { errorResponses as errors, listAnswer, pageProperties } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import type { ResourceModel } from '../../../engine/model';

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

