import type { FastifyRequest } from 'fastify';
import { passport } from '../../../../resources/passport';
import type { Queryable } from '../../../db';
import { addCount, counterOf } from '../../../engine/counters';
import { tooManyRequests } from '../../../engine/errors';
import { settingsOf } from '../../../engine/singleton';
import { rateLimitModel } from './models';

/** Passport's declared counters (`resources/passport.ts`). */
export const counters = {
  calls: counterOf(passport, 'calls'),
  operationCalls: counterOf(passport, 'operationCalls'),
  playerCalls: counterOf(passport, 'playerCalls'),
  signIns: counterOf(passport, 'signIns'),
  newUsers: counterOf(passport, 'newUsers'),
};

/** What a player call is called in the metrics: its method and route, e.g. `POST <passport base>/sdk/personas/:id/select`. */
export const operationOf = (req: FastifyRequest): string => `${req.method} ${req.routeOptions?.url ?? req.url.split('?')[0]}`;

/** The app's current limit: its saved setting, or the rate-limit schema's default. */
export const callLimit = async (db: Queryable, appId: string): Promise<number> => Number((await settingsOf(db, rateLimitModel, appId)).playerCallsPerMinute);

/**
 * Counts one player call against the app's limit for the current minute (every attempt counts); a call within
 * the limit is also counted for its operation and, when the player is known, for the player's day. Over the
 * limit: 429, and nothing else is counted. The minute's count is added to and read in one statement, so calls
 * made at once each see their own place in the minute.
 */
export async function meterPlayerCall(db: Queryable, appId: string, operation: string, userId: string | null): Promise<void> {
  const [limit, calls] = await Promise.all([callLimit(db, appId), addCount(db, counters.calls, appId)]);
  if (calls > limit) throw tooManyRequests();
  await addCount(db, counters.operationCalls, appId, { operation });
  if (userId !== null) await addCount(db, counters.playerCalls, appId, { player: userId });
}

/** Counts a sign-in (and a first sign-in) in the day's counts. */
export async function countSignIn(db: Queryable, appId: string, firstTime: boolean): Promise<void> {
  await addCount(db, counters.signIns, appId);
  if (firstTime) await addCount(db, counters.newUsers, appId);
}
