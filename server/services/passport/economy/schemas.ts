import { errorResponses } from '../../../engine/api';

export const TAG = 'passport';

export const serviceErrors = errorResponses(400, 401, 403, 404, 409);
export const playerErrors = errorResponses(400, 401, 404, 409, 423, 429);
