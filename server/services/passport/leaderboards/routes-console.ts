import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../../../resources/types';
import { recordOperation } from '../../../audit';
import { modelOf, type Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import { notFound } from '../../../engine/errors';
import { authorizeService } from '../../../engine/guard';
import { findBoard, type Board } from './board';
import { resetBoard } from './reset';
import {
  BASE,
  boardParams,
  errors,
  memberParams,
  ok,
  pageQuery,
  rankingQuery,
  rankingSchema,
  reissueBody,
  reissueSchema,
  resetSchema,
  rewardsSchema,
  scheduleBody,
  schedulePreviewQuery,
  scheduleSchema,
  scoreBody,
  SERVICE,
  standingSchema,
  versionBody,
  versionParams,
  versionsSchema,
} from './route-schemas';
import { changeSchedule, nextRuns, scheduleFrom, type ScheduleTimezone } from './schedule';
import { withMemberNames } from './member-names';
import { clearUserScores, rankingPage, rulesFor, standingOf, submitScore, type PageRequest } from './scores';
import { issueRewards, listRewards, listVersions } from './versions';

const ACCESS: Principal[] = ['app', 'admin'];
const tag = SERVICE;
const LB = `${BASE}/leaderboards/:id`;

type Params = { id: string; memberId?: string; versionId?: number };
type Paging = { count: number; start: number; memberId?: string };

const pageOf = (q: Paging): PageRequest => (q.memberId ? { around: q.memberId, count: q.count } : { start: q.start, count: q.count });

/** The app's player named by a user id; 404 when the app has no such user. */
async function requireUser(ctx: Ctx, appId: string, userId: string): Promise<void> {
  try {
    await ctx.store.get(modelOf(ctx, SERVICE, 'users'), appId, userId);
  } catch {
    throw notFound('player not found');
  }
}

/** The operator's calls on leaderboards: rankings, versions, schedules, resets, rewards, server-side scores. */
export function mountConsoleRoutes(api: Api, ctx: Ctx): void {
  /** Who calls, and the board the path names within their app. */
  const open = async (req: FastifyRequest) => {
    const { principal, scopeId } = await authorizeService(ctx, req, SERVICE);
    const board = await findBoard(ctx, scopeId, (req.params as Params).id);
    return { actor: principal.actor, appId: scopeId, board };
  };
  const history = (actor: string, board: Board, action: string, before: unknown, after: unknown, target = board.id) =>
    recordOperation(ctx.db, { actor, appId: board.appId, action: `passport.leaderboards.${action}`, target, before, after });

  api.route({
    method: 'GET',
    url: `${LB}/scores`,
    summary: "The current version's ranking, a page from `start` or centred on `memberId`",
    tag,
    auth: 'service',
    access: ACCESS,
    params: boardParams,
    querystring: rankingQuery(1000, 50),
    responses: { 200: ok('a page of the ranking, best first', rankingSchema), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const { board } = await open(req);
      const page = await rankingPage(ctx, board, board.currentVersion, board.rules, pageOf(req.query as Paging));
      return { ...(await withMemberNames(ctx, board.appId, board.rules, page)), version: board.currentVersion };
    },
  });

  api.route({
    method: 'GET',
    url: `${LB}/members/:memberId/scores`,
    summary: "A member's score, rank and tier in the current version (or `version`)",
    tag,
    auth: 'service',
    access: ACCESS,
    params: memberParams,
    querystring: { type: 'object', additionalProperties: false, properties: { version: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
    responses: { 200: ok("the member's standing", standingSchema), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const { board } = await open(req);
      const version = (req.query as { version?: number }).version ?? board.currentVersion;
      const { standing, total } = await standingOf(ctx, board, version, (req.params as Params).memberId!);
      if (!standing) throw notFound('no score for this member');
      return { ...standing, version, total };
    },
  });

  api.route({
    method: 'POST',
    url: `${LB}/members/:memberId/scores`,
    summary: "Submit a member's score from the game's server (a player's user id, or an entity's id)",
    tag,
    auth: 'service',
    access: ACCESS,
    params: memberParams,
    body: scoreBody,
    responses: { 200: ok("the member's standing after the submission", standingSchema), ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const { actor, appId, board } = await open(req);
      const memberId = (req.params as Params).memberId!;
      const { score } = req.body as { score: number };
      const player = board.rules.memberType === 'Player';
      if (player) await requireUser(ctx, appId, memberId);
      const result = await submitScore(ctx, board, memberId, score, player ? memberId : null);
      await history(actor, board, 'score.submit', undefined, { submitted: score, ...result }, `${board.id}/${memberId}`);
      return result;
    },
  });

  api.route({
    method: 'GET',
    url: `${LB}/versions`,
    summary: "A leaderboard's versions, newest first (closed ones stay readable)",
    tag,
    auth: 'service',
    access: ACCESS,
    params: boardParams,
    querystring: pageQuery(1000, 50),
    responses: { 200: ok('a page of versions', versionsSchema), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const { board } = await open(req);
      const { start, count } = req.query as Paging;
      return listVersions(ctx, board, start, count);
    },
  });

  api.route({
    method: 'GET',
    url: `${LB}/versions/:versionId/scores`,
    summary: "A version's ranking (history scores of a closed version), ranked by the rules it closed with",
    tag,
    auth: 'service',
    access: ACCESS,
    params: versionParams,
    querystring: rankingQuery(1000, 50),
    responses: { 200: ok('a page of the ranking, best first', rankingSchema), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const { board } = await open(req);
      const version = (req.params as Params).versionId!;
      const rules = await rulesFor(ctx, board, version);
      const page = await rankingPage(ctx, board, version, rules, pageOf(req.query as Paging));
      return { ...(await withMemberNames(ctx, board.appId, rules, page)), version };
    },
  });

  api.route({
    method: 'GET',
    url: `${LB}/versions/:versionId/rewards`,
    summary: 'The rewards granted when a version closed, by rank',
    tag,
    auth: 'service',
    access: ACCESS,
    params: versionParams,
    querystring: pageQuery(1000, 50),
    responses: { 200: ok('a page of rewards', rewardsSchema), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const { board } = await open(req);
      const version = (req.params as Params).versionId!;
      await rulesFor(ctx, board, version);
      const { start, count } = req.query as Paging;
      return listRewards(ctx, board, version, start, count);
    },
  });

  api.route({
    method: 'GET',
    url: `${LB}/schedule`,
    summary: 'The reset schedule and its next three runs; with `cron`, a preview of that expression instead',
    tag,
    auth: 'service',
    access: ACCESS,
    params: boardParams,
    querystring: schedulePreviewQuery,
    responses: { 200: ok('the schedule (null without one)', scheduleSchema), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const { board } = await open(req);
      const q = req.query as { cron?: string; timezone: ScheduleTimezone };
      const schedule = q.cron ? scheduleFrom(q.cron, q.timezone, new Date()) : board.schedule;
      if (!schedule) return { schedule: null, nextRuns: [] };
      const runs = nextRuns(schedule.cron, schedule.timezone, new Date(), 3);
      return { schedule, nextRuns: 'runs' in runs ? runs.runs : [] };
    },
  });

  for (const [method, kind] of [
    ['POST', 'create'],
    ['PUT', 'update'],
  ] as const) {
    api.route({
      method,
      url: `${LB}/schedule`,
      summary: kind === 'create' ? 'Schedule resets with a cron expression (none may exist yet)' : "Change a leaderboard's reset schedule",
      tag,
      auth: 'service',
      access: ACCESS,
      params: boardParams,
      body: scheduleBody,
      responses: { 200: ok('the leaderboard with its schedule', { type: 'object' }), ...errors(400, 401, 403, 404, 409) },
      handler: async (req) => {
        const { actor, board } = await open(req);
        const body = req.body as { cron: string; timezone: ScheduleTimezone; version?: number };
        const schedule = scheduleFrom(body.cron, body.timezone, new Date());
        const { before, after } = await changeSchedule(ctx, board, { kind, schedule }, body.version);
        await history(actor, board, `schedule.${kind}`, before, after);
        return after;
      },
    });
  }

  api.route({
    method: 'POST',
    url: `${LB}/schedule-cancel`,
    summary: "Cancel a leaderboard's reset schedule",
    tag,
    auth: 'service',
    access: ACCESS,
    params: boardParams,
    optionalBody: versionBody,
    responses: { 200: ok('the leaderboard without a schedule', { type: 'object' }), ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const { actor, board } = await open(req);
      const { before, after } = await changeSchedule(ctx, board, { kind: 'cancel' }, (req.body as { version?: number } | undefined)?.version);
      await history(actor, board, 'schedule.cancel', before, after);
      return after;
    },
  });

  api.route({
    method: 'POST',
    url: `${LB}/reset`,
    summary: 'Archive the current version (it stays readable), grant its rewards and start the next version empty',
    tag,
    auth: 'service',
    access: ACCESS,
    params: boardParams,
    responses: { 200: ok('what the reset did', resetSchema), ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const { actor, appId, board } = await open(req);
      const summary = await resetBoard(ctx, appId, board.id, actor);
      return summary;
    },
  });

  api.route({
    method: 'POST',
    url: `${LB}/rewards/reissue`,
    summary: "Create a closed version's missing reward records (those already granted are kept)",
    tag,
    auth: 'service',
    access: ACCESS,
    params: boardParams,
    body: reissueBody,
    responses: { 200: ok('how many were missing and created', reissueSchema), ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const { actor, appId, board } = await open(req);
      const { version } = req.body as { version: number };
      const outcome = await issueRewards(ctx, appId, board.id, version);
      await history(actor, board, 'rewards.reissue', undefined, { version, ...outcome });
      return { version, ...outcome };
    },
  });

  api.route({
    method: 'POST',
    url: `${BASE}/users/:id/leaderboard-scores/clear`,
    summary: "Remove a player's scores from the current version of every Player leaderboard of the app (entities' scores stay)",
    tag,
    auth: 'service',
    access: ACCESS,
    params: boardParams,
    responses: {
      200: ok('the boards that held a score', {
        type: 'object',
        properties: { cleared: { type: 'integer' }, boards: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, version: { type: 'integer' } } } } },
      }),
      ...errors(400, 401, 403, 404),
    },
    handler: async (req) => {
      const { principal, scopeId } = await authorizeService(ctx, req, SERVICE);
      const userId = (req.params as Params).id;
      await requireUser(ctx, scopeId, userId);
      const boards = (await clearUserScores(ctx, scopeId, userId)).map((b) => ({ id: b.board, version: b.version }));
      await recordOperation(ctx.db, { actor: principal.actor, appId: scopeId, action: 'passport.users.leaderboard-scores.clear', target: userId, after: { boards } });
      return { cleared: boards.length, boards };
    },
  });
}
