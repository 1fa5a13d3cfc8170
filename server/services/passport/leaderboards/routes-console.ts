import {
  clearedSchema,
  memberIdSchema,
  rankingSchema,
  reissueBody,
  reissueSchema,
  resetSchema,
  rewardRow,
  scheduleBody,
  schedulePreviewQuery,
  scheduleSchema,
  standingQuery,
  standingSchema,
  versionBody,
  versionNumber,
  versionRow,
  type ScheduleTimezone,
} from '../../../../resources/leaderboards-api';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import { listAnswer, ok, type Api } from '../../../engine/api';
import { notFound } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { mountRecordCall, type RecordCall, type RecordCallDef } from '../../../engine/record-calls';
import { mountCommandCall } from '../../../engine/service-calls';
import { submitScoreCommand } from '../../../../resources/passport/leaderboards';
import { usersModel } from '../players/models';
import { boardModel, boardOf, type Board } from './board';
import { withMemberNames } from './member-names';
import { resetBoard } from './reset';
import { changeSchedule, nextRuns, scheduleFrom } from './schedule';
import { clearUserScores, pageOf, rankingPage, rankingQuery, rulesFor, standingOf, submitScore, type Paging } from './scores';
import { issueRewards, listRewards, listVersions, versionsQuery } from './versions';

type Params = { memberId: string; versionId: number };
type Def = Omit<RecordCallDef, 'method' | 'access' | 'errors'> & Partial<Pick<RecordCallDef, 'errors'>>;

/** The app's player named by a user id; 404 when the app has no such user. */
const requireUser = (ctx: Ctx, appId: string, userId: string) =>
  records(ctx.db, usersModel).get(appId, userId, { message: 'player not found' });

const member = { memberId: memberIdSchema };
const version = { versionId: versionNumber };
/** A read of the board (or its versions); a change to it, which a reset under way or a stale version refuses. */
const read = (def: Def): RecordCallDef => ({ method: 'GET', access: 'read', errors: [400, 401, 403, 404], ...def });
const write = (method: 'POST' | 'PUT', def: Def): RecordCallDef => ({
  method,
  access: 'write',
  errors: [400, 401, 403, 404, 409],
  ...def,
});

/** The operator's calls on leaderboards: rankings, versions, schedules, resets, rewards, server-side scores. */
export function mountConsoleRoutes(api: Api, ctx: Ctx): void {
  const m = boardModel(ctx);
  /** A call on the board the path names, given the board and who calls. */
  const onBoard = (def: RecordCallDef, answer: (board: Board, call: RecordCall & { actor: string }) => Promise<unknown>) =>
    mountRecordCall(api, ctx, m, def, (call) => {
      const board = boardOf(call.access.scopeId, call.record);
      return answer(board, { ...call, actor: call.access.principal.actor });
    });
  const history = (actor: string, board: Board, action: string, before: unknown, after: unknown, target = board.id) =>
    recordOperation(ctx.db, { actor, appId: board.appId, action: `passport.leaderboards.${action}`, target, before, after });
  const ranking = ok('a page of the ranking, best first', rankingSchema);

  onBoard(
    read({
      path: '/scores',
      summary: "The current version's ranking, a page from `start` or centred on `memberId`",
      query: rankingQuery(1000, 50),
      answer: ranking,
    }),
    async (board, { req }) => {
      const page = await rankingPage(ctx, board, board.currentVersion, board.rules, pageOf(req.query as Paging));
      return { ...(await withMemberNames(ctx, board.appId, board.rules, page)), version: board.currentVersion };
    },
  );

  onBoard(
    read({
      path: '/members/:memberId/scores',
      summary: "A member's score, rank and tier in the current version (or `version`)",
      params: member,
      query: standingQuery,
      answer: ok("the member's standing", standingSchema),
    }),
    async (board, { req }) => {
      const version = (req.query as { version?: number }).version ?? board.currentVersion;
      const { standing, total } = await standingOf(ctx, board, version, (req.params as Params).memberId);
      if (!standing) throw notFound('no score for this member');
      return { ...standing, version, total };
    },
  );

  // Declared (the console's "submit a test score"): the game's server calls it too.
  mountCommandCall(api, ctx, m, submitScoreCommand.name, {
    summary: "Submit a member's score from the game's server (a player's user id, or an entity's id)",
    answer: ok("the member's standing after the submission", standingSchema),
    handler: async ({ req, access, record, body }) => {
      const board = boardOf(access.scopeId, record);
      const memberId = (req.params as Params).memberId;
      const score = body.score as number;
      const player = board.rules.memberType === 'Player';
      if (player) await requireUser(ctx, board.appId, memberId);
      const result = await submitScore(ctx, board, memberId, score, player ? memberId : null);
      await history(access.principal.actor, board, 'score.submit', undefined, { submitted: score, ...result }, `${board.id}/${memberId}`);
      return result;
    },
  });

  onBoard(
    read({
      path: '/versions',
      summary: "A leaderboard's versions, newest first (closed ones stay readable)",
      query: versionsQuery,
      answer: ok('a page of versions', listAnswer('versions', versionRow).schema),
    }),
    async (board, { req }) => listVersions(ctx, board, req.query as Paging),
  );

  onBoard(
    read({
      path: '/versions/:versionId/scores',
      summary: "A version's ranking (history scores of a closed version), ranked by the rules it closed with",
      params: version,
      query: rankingQuery(1000, 50),
      answer: ranking,
    }),
    async (board, { req }) => {
      const version = (req.params as Params).versionId;
      const rules = await rulesFor(ctx, board, version);
      const page = await rankingPage(ctx, board, version, rules, pageOf(req.query as Paging));
      return { ...(await withMemberNames(ctx, board.appId, rules, page)), version };
    },
  );

  onBoard(
    read({
      path: '/versions/:versionId/rewards',
      summary: 'The rewards granted when a version closed, by rank',
      params: version,
      query: versionsQuery,
      answer: ok('a page of rewards', listAnswer('rewards', rewardRow).schema),
    }),
    async (board, { req }) => {
      const version = (req.params as Params).versionId;
      await rulesFor(ctx, board, version);
      return listRewards(ctx, board, version, req.query as Paging);
    },
  );

  onBoard(
    read({
      path: '/schedule',
      summary: 'The reset schedule and its next three runs; with `cron`, a preview of that expression instead',
      query: schedulePreviewQuery,
      answer: ok('the schedule (null without one)', scheduleSchema),
    }),
    async (board, { req }) => {
      const q = req.query as { cron?: string; timezone: ScheduleTimezone };
      const schedule = q.cron ? scheduleFrom(q.cron, q.timezone, new Date()) : board.schedule;
      if (!schedule) return { schedule: null, nextRuns: [] };
      const runs = nextRuns(schedule.cron, schedule.timezone, new Date(), 3);
      return { schedule, nextRuns: 'runs' in runs ? runs.runs : [] };
    },
  );

  for (const [method, kind, summary] of [
    ['POST', 'create', 'Schedule resets with a cron expression (none may exist yet)'],
    ['PUT', 'update', "Change a leaderboard's reset schedule"],
  ] as const) {
    const answer = ok('the leaderboard with its schedule');
    onBoard(write(method, { path: '/schedule', summary, body: scheduleBody, answer }), async (board, { req, actor }) => {
      const body = req.body as { cron: string; timezone: ScheduleTimezone; version?: number };
      const schedule = scheduleFrom(body.cron, body.timezone, new Date());
      const { before, after } = await changeSchedule(ctx, board, { kind, schedule }, body.version);
      await history(actor, board, `schedule.${kind}`, before, after);
      return after;
    });
  }

  onBoard(
    write('POST', {
      path: '/schedule-cancel',
      summary: "Cancel a leaderboard's reset schedule",
      optionalBody: versionBody,
      answer: ok('the leaderboard without a schedule'),
    }),
    async (board, { req, actor }) => {
      const version = (req.body as { version?: number } | undefined)?.version;
      const { before, after } = await changeSchedule(ctx, board, { kind: 'cancel' }, version);
      await history(actor, board, 'schedule.cancel', before, after);
      return after;
    },
  );

  onBoard(
    write('POST', {
      path: '/reset',
      summary: 'Archive the current version (it stays readable), grant its rewards and start the next version empty',
      answer: ok('what the reset did', resetSchema),
    }),
    async (board, { actor }) => resetBoard(ctx, board.appId, board.id, actor),
  );

  onBoard(
    write('POST', {
      path: '/rewards/reissue',
      summary: "Create a closed version's missing reward records (those already granted are kept)",
      body: reissueBody,
      answer: ok('how many were missing and created', reissueSchema),
    }),
    async (board, { req, actor }) => {
      const { version } = req.body as { version: number };
      const outcome = await issueRewards(ctx, board.appId, board.id, version);
      await history(actor, board, 'rewards.reissue', undefined, { version, ...outcome });
      return { version, ...outcome };
    },
  );

  const clear = write('POST', {
    path: '/leaderboard-scores/clear',
    summary: "Remove a player's scores from the current version of every Player leaderboard of the app (entities' scores stay)",
    answer: ok('the boards that held a score', clearedSchema),
    errors: [400, 401, 403, 404],
    missing: 'player not found',
  });
  mountRecordCall(api, ctx, usersModel, clear, async ({ access, record }) => {
    const userId = String(record.id);
    const boards = (await clearUserScores(ctx, access.scopeId, userId)).map((b) => ({ id: b.board, version: b.version }));
    const { actor } = access.principal;
    const action = 'passport.users.leaderboard-scores.clear';
    await recordOperation(ctx.db, { actor, appId: access.scopeId, action, target: userId, after: { boards } });
    return { cleared: boards.length, boards };
  });
}
