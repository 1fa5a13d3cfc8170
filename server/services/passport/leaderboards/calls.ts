import type { ScheduleTimezone } from '../../../../resources/leaderboards-api';
import { submitScoreCommand } from '../../../../resources/passport/leaderboards';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { CallHandler, CallHandlers, CallInput } from '../../../engine/declared-calls';
import { badRequest, notFound } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { usersModel } from '../players/models';
import { playerOf } from '../players/principal';
import { boardOf, type Board } from './board';
import { withMemberNames } from './member-names';
import { resetBoard } from './reset';
import { changeSchedule, nextRuns, scheduleFrom } from './schedule';
import { clearUserScores, pageOf, rankingPage, rulesFor, standingOf, submitScore, type Paging } from './scores';
import { issueRewards, listRewards, listVersions } from './versions';

/** The board a call declared on a leaderboard record names (the engine found it, or answered 404). */
const boardIn = (call: CallInput): Board => boardOf(call.scopeId, call.record ?? {});

/** A paged read's query, as its declared shape checked it. */
const paging = (call: CallInput) => call.input as unknown as Paging;

/** A change to a board, in the operation history. */
const history = (ctx: Ctx, actor: string, board: Board, action: string, before: unknown, after: unknown, target = board.id) =>
  recordOperation(ctx.db, { actor, appId: board.appId, action: `passport.leaderboards.${action}`, target, before, after });

/** A page of a version's ranking under the rules it is ranked by, with the players' names (the console's read). */
async function namedRanking(ctx: Ctx, board: Board, query: Paging, version = board.currentVersion) {
  const rules = await rulesFor(ctx, board, version);
  const page = await rankingPage(ctx, board, version, rules, pageOf(query));
  return { ...(await withMemberNames(ctx, board.appId, rules, page)), version };
}

/** Creates, replaces or cancels a board's reset schedule. */
const scheduleChange =
  (ctx: Ctx, kind: 'create' | 'update' | 'cancel'): CallHandler =>
  async (call) => {
    const board = boardIn(call);
    const body = call.input as { cron: string; timezone: ScheduleTimezone; version?: number };
    const change = kind === 'cancel' ? { kind } : { kind, schedule: scheduleFrom(body.cron, body.timezone, new Date()) };
    const { before, after } = await changeSchedule(ctx, board, change, body.version);
    await history(ctx, call.actor, board, `schedule.${kind}`, before, after);
    return after;
  };

/** The behaviour of the operator's calls declared in `resources/passport/leaderboards-calls.ts`. */
const consoleHandlers = (ctx: Ctx): CallHandlers => ({
  'leaderboards.ranking': (call) => namedRanking(ctx, boardIn(call), paging(call)),
  'leaderboards.standing': async (call) => {
    const board = boardIn(call);
    const version = (call.input.version as number | undefined) ?? board.currentVersion;
    const { standing, total } = await standingOf(ctx, board, version, call.params.memberId);
    if (!standing) throw notFound('no score for this member');
    return { ...standing, version, total };
  },
  'leaderboards.versions': (call) => listVersions(ctx, boardIn(call), paging(call)),
  'leaderboards.versionRanking': (call) => namedRanking(ctx, boardIn(call), paging(call), Number(call.params.versionId)),
  'leaderboards.versionRewards': async (call) => {
    const board = boardIn(call);
    const version = Number(call.params.versionId);
    await rulesFor(ctx, board, version);
    return listRewards(ctx, board, version, paging(call));
  },
  'leaderboards.schedule': async (call) => {
    const board = boardIn(call);
    const q = call.input as { cron?: string; timezone: ScheduleTimezone };
    const schedule = q.cron ? scheduleFrom(q.cron, q.timezone, new Date()) : board.schedule;
    if (!schedule) return { schedule: null, nextRuns: [] };
    const runs = nextRuns(schedule.cron, schedule.timezone, new Date(), 3);
    return { schedule, nextRuns: 'runs' in runs ? runs.runs : [] };
  },
  'leaderboards.scheduleCreate': scheduleChange(ctx, 'create'),
  'leaderboards.scheduleUpdate': scheduleChange(ctx, 'update'),
  'leaderboards.scheduleCancel': scheduleChange(ctx, 'cancel'),
  'leaderboards.reset': (call) => resetBoard(ctx, call.scopeId, boardIn(call).id, call.actor),
  'leaderboards.reissueRewards': async (call) => {
    const board = boardIn(call);
    const version = call.input.version as number;
    const outcome = await issueRewards(ctx, board.appId, board.id, version);
    await history(ctx, call.actor, board, 'rewards.reissue', undefined, { version, ...outcome });
    return { version, ...outcome };
  },
  'leaderboards.clearPlayerScores': async ({ scopeId, actor, record }) => {
    const userId = String(record?.id);
    const boards = (await clearUserScores(ctx, scopeId, userId)).map((b) => ({ id: b.board, version: b.version }));
    const action = 'passport.users.leaderboard-scores.clear';
    await recordOperation(ctx.db, { actor, appId: scopeId, action, target: userId, after: { boards } });
    return { cleared: boards.length, boards };
  },
});

/**
 * The member a player's call is about: the player on a Player board; on an Entity board, the entity the player
 * names (any entity of the game: the game decides who may speak for it).
 */
function memberFor(board: Board, userId: string, entityId: string | undefined, field: string): string {
  if (board.rules.memberType === 'Player') {
    if (entityId !== undefined) throw badRequest([{ field, message: 'this leaderboard ranks players, leave out entityId' }]);
    return userId;
  }
  if (entityId === undefined) throw badRequest([{ field, message: 'this leaderboard ranks entities, name one with entityId' }]);
  return entityId;
}

/** The behaviour of the game client's calls, each bound to the signed-in player and their app. */
const playerHandlers = (ctx: Ctx): CallHandlers => ({
  'leaderboards.submit': async (call) => {
    const board = boardIn(call);
    const { userId } = playerOf(call);
    const { score, entityId } = call.input as { score: number; entityId?: string };
    const memberId = memberFor(board, userId, entityId, '/entityId');
    return submitScore(ctx, board, memberId, score, board.rules.memberType === 'Player' ? userId : null);
  },
  'leaderboards.top': async (call) => {
    const board = boardIn(call);
    const page = await rankingPage(ctx, board, board.currentVersion, board.rules, pageOf(paging(call)));
    return { ...page, version: board.currentVersion };
  },
  'leaderboards.mine': async (call) => {
    const board = boardIn(call);
    const memberId = memberFor(board, playerOf(call).userId, call.input.entityId as string | undefined, 'query.entityId');
    const version = board.currentVersion;
    const { standing, total } = await standingOf(ctx, board, version, memberId);
    if (standing) return { ...standing, version, total };
    return { memberId, version, rank: null, score: null, reachedAt: null, tier: null, total };
  },
});

/** The declared "submit a test score" command, which the game's server calls too. */
const submitScoreHandler =
  (ctx: Ctx): CallHandler =>
  async (call) => {
    const board = boardIn(call);
    const memberId = call.params.memberId;
    const score = call.input.score as number;
    const player = board.rules.memberType === 'Player';
    if (player) await records(ctx.db, usersModel).get(board.appId, memberId, { message: 'player not found' });
    const result = await submitScore(ctx, board, memberId, score, player ? memberId : null);
    const after = { submitted: score, ...result };
    await history(ctx, call.actor, board, 'score.submit', undefined, after, `${board.id}/${memberId}`);
    return result;
  };

export const leaderboardHandlers = (ctx: Ctx): CallHandlers => ({
  ...consoleHandlers(ctx),
  ...playerHandlers(ctx),
  [`leaderboards.${submitScoreCommand.name}`]: submitScoreHandler(ctx),
});
