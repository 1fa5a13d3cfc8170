/**
 * The leaderboards area's own calls: a board's rankings, versions, schedule, resets and rewards (the console and the
 * game's server), a player's scores cleared, and the game client's scores. Shapes in `../leaderboards-api.ts`.
 */
import type { CallDecl } from '../call-types';
import { listAnswer, ok } from '../call-shapes';
import {
  clearedSchema,
  memberIdSchema,
  playerScoreBody,
  playerStandingQuery,
  playerStandingSchema,
  rankingQuery,
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
  versionsQuery,
} from '../leaderboards-api';

const board = { resource: 'leaderboards' };
const ranking = ok('a page of the ranking, best first', rankingSchema);
/** A read of the board (or its versions); a change to it, which a reset under way or a stale version refuses. */
const readErrors = [400, 401, 403, 404];
const writeErrors = [400, 401, 403, 404, 409];
/** The game client's calls, also refused while its app is over its call limits. */
const playerErrors = [400, 401, 403, 404, 423, 429];

/** The operator's (and the game's server's) calls on one leaderboard. */
const consoleCalls: Record<string, CallDecl> = {
  'leaderboards.ranking': {
    method: 'GET',
    path: '/leaderboards/:id/scores',
    caller: 'service',
    record: board,
    summary: "The current version's ranking, a page from `start` or centred on `memberId`",
    query: rankingQuery(1000, 50),
    answer: ranking,
    errors: readErrors,
  },
  'leaderboards.standing': {
    method: 'GET',
    path: '/leaderboards/:id/members/:memberId/scores',
    caller: 'service',
    record: board,
    summary: "A member's score, rank and tier in the current version (or `version`)",
    params: { memberId: memberIdSchema },
    query: standingQuery,
    answer: ok("the member's standing", standingSchema),
    errors: readErrors,
  },
  'leaderboards.versions': {
    method: 'GET',
    path: '/leaderboards/:id/versions',
    caller: 'service',
    record: board,
    summary: "A leaderboard's versions, newest first (closed ones stay readable)",
    query: versionsQuery,
    answer: ok('a page of versions', listAnswer('versions', versionRow).schema),
    errors: readErrors,
  },
  'leaderboards.versionRanking': {
    method: 'GET',
    path: '/leaderboards/:id/versions/:versionId/scores',
    caller: 'service',
    record: board,
    summary: "A version's ranking (history scores of a closed version), ranked by the rules it closed with",
    params: { versionId: versionNumber },
    query: rankingQuery(1000, 50),
    answer: ranking,
    errors: readErrors,
  },
  'leaderboards.versionRewards': {
    method: 'GET',
    path: '/leaderboards/:id/versions/:versionId/rewards',
    caller: 'service',
    record: board,
    summary: 'The rewards granted when a version closed, by rank',
    params: { versionId: versionNumber },
    query: versionsQuery,
    answer: ok('a page of rewards', listAnswer('rewards', rewardRow).schema),
    errors: readErrors,
  },
  'leaderboards.schedule': {
    method: 'GET',
    path: '/leaderboards/:id/schedule',
    caller: 'service',
    record: board,
    summary: 'The reset schedule and its next three runs; with `cron`, a preview of that expression instead',
    query: schedulePreviewQuery,
    answer: ok('the schedule (null without one)', scheduleSchema),
    errors: readErrors,
  },
  'leaderboards.scheduleCreate': {
    method: 'POST',
    path: '/leaderboards/:id/schedule',
    caller: 'service',
    record: board,
    summary: 'Schedule resets with a cron expression (none may exist yet)',
    body: scheduleBody,
    answer: ok('the leaderboard with its schedule'),
    errors: writeErrors,
  },
  'leaderboards.scheduleUpdate': {
    method: 'PUT',
    path: '/leaderboards/:id/schedule',
    caller: 'service',
    record: board,
    summary: "Change a leaderboard's reset schedule",
    body: scheduleBody,
    answer: ok('the leaderboard with its schedule'),
    errors: writeErrors,
  },
  'leaderboards.scheduleCancel': {
    method: 'POST',
    path: '/leaderboards/:id/schedule-cancel',
    caller: 'service',
    record: board,
    summary: "Cancel a leaderboard's reset schedule",
    optionalBody: versionBody,
    answer: ok('the leaderboard without a schedule'),
    errors: writeErrors,
  },
  'leaderboards.reset': {
    method: 'POST',
    path: '/leaderboards/:id/reset',
    caller: 'service',
    record: board,
    summary: 'Archive the current version (it stays readable), grant its rewards and start the next version empty',
    answer: ok('what the reset did', resetSchema),
    errors: writeErrors,
  },
  'leaderboards.reissueRewards': {
    method: 'POST',
    path: '/leaderboards/:id/rewards/reissue',
    caller: 'service',
    record: board,
    summary: "Create a closed version's missing reward records (those already granted are kept)",
    body: reissueBody,
    answer: ok('how many were missing and created', reissueSchema),
    errors: writeErrors,
  },
  'leaderboards.clearPlayerScores': {
    method: 'POST',
    path: '/users/:id/leaderboard-scores/clear',
    caller: 'service',
    record: { resource: 'users', missing: 'player not found' },
    summary: "Remove a player's scores from the current version of every Player leaderboard of the app (entities' scores stay)",
    answer: ok('the boards that held a score', clearedSchema),
    errors: readErrors,
  },
};

/** The game client's calls on a leaderboard, for the signed-in player (or an entity they name). */
const playerCalls: Record<string, CallDecl> = {
  'leaderboards.submit': {
    method: 'POST',
    path: '/leaderboards/:id/scores',
    caller: 'player',
    record: board,
    summary: "Submit the player's score (or, on an Entity board, a named entity's)",
    body: playerScoreBody,
    answer: ok('the standing after the submission', standingSchema),
    errors: [400, 401, 403, 404, 409, 423, 429],
  },
  'leaderboards.top': {
    method: 'GET',
    path: '/leaderboards/:id/scores',
    caller: 'player',
    record: board,
    summary: 'The top of the current ranking (a page from `start`, or around `memberId`)',
    query: rankingQuery(100, 10),
    answer: ranking,
    errors: playerErrors,
  },
  'leaderboards.mine': {
    method: 'GET',
    path: '/leaderboards/:id/scores/me',
    caller: 'player',
    record: board,
    summary: "The player's own score, rank and tier in the current version (or a named entity's)",
    query: playerStandingQuery,
    answer: ok("the player's standing", playerStandingSchema),
    errors: playerErrors,
  },
};

export const leaderboardCalls: Record<string, CallDecl> = { ...consoleCalls, ...playerCalls };
