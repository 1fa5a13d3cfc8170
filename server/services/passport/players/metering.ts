import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../../db';
import { tooManyRequests } from '../../../engine/errors';
import { settingsOf } from '../../../engine/singleton';
import { USAGE_ZONE } from '../../../usage';
import { rateLimitModel } from './models';

/** What a player call is called in the metrics: its method and route, e.g. `POST <passport base>/sdk/personas/:id/select`. */
export const operationOf = (req: FastifyRequest): string => `${req.method} ${req.routeOptions?.url ?? req.url.split('?')[0]}`;

/** The app's current limit: its saved setting, or the rate-limit schema's default. */
export const callLimit = async (db: Queryable, appId: string): Promise<number> => Number((await settingsOf(db, rateLimitModel, appId)).playerCallsPerMinute);

/**
 * Counts one player call against the app's limit for the current minute (every attempt counts); a call within
 * the limit is also counted for its operation and, when the player is known, for the player's day. Over the
 * limit: 429, and nothing else is counted. One statement, so concurrent calls never lose a count.
 */
export async function meterPlayerCall(db: Queryable, appId: string, operation: string, userId: string | null): Promise<void> {
  const limit = await callLimit(db, appId);
  const res = await db.query<{ calls: number; lim: number }>(
    `WITH lim AS (SELECT $4::int AS n),
     w AS (
       INSERT INTO passport_call_window (app_id, minute, calls) VALUES ($1, date_trunc('minute', now()), 1)
       ON CONFLICT (app_id, minute) DO UPDATE SET calls = passport_call_window.calls + 1
       RETURNING calls),
     o AS (
       INSERT INTO passport_operation_calls (app_id, minute, operation, calls)
       SELECT $1, date_trunc('minute', now()), $2, 1 FROM w, lim WHERE w.calls <= lim.n
       ON CONFLICT (app_id, minute, operation) DO UPDATE SET calls = passport_operation_calls.calls + 1
       RETURNING 1),
     p AS (
       INSERT INTO passport_player_calls (app_id, day, user_id, calls)
       SELECT $1, (now() AT TIME ZONE '${USAGE_ZONE}')::date, $3::text, 1 FROM w, lim WHERE w.calls <= lim.n AND $3::text IS NOT NULL
       ON CONFLICT (app_id, day, user_id) DO UPDATE SET calls = passport_player_calls.calls + 1
       RETURNING 1)
     SELECT w.calls, lim.n AS lim FROM w, lim`,
    [appId, operation, userId, limit],
  );
  const row = res.rows[0];
  if (Number(row.calls) > Number(row.lim)) throw tooManyRequests();
}

/** How long call counts are kept: the per-minute window for the rate limit, the rest for metrics. */
export const WINDOW_KEEP_HOURS = 24;
export const METRICS_KEEP_DAYS = 400;

/** Drops counts past their keeping time. */
export async function pruneCallCounts(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM passport_call_window WHERE minute < now() - make_interval(hours => ${WINDOW_KEEP_HOURS})`);
  await db.query(`DELETE FROM passport_operation_calls WHERE minute < now() - make_interval(days => ${METRICS_KEEP_DAYS})`);
  await db.query(`DELETE FROM passport_player_calls WHERE day < (now() AT TIME ZONE '${USAGE_ZONE}')::date - ${METRICS_KEEP_DAYS}`);
}
