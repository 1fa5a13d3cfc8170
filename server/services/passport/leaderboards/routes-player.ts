import {
  playerScoreBody,
  playerStandingQuery,
  playerStandingSchema,
  rankingSchema,
  standingSchema,
} from '../../../../resources/leaderboards-api';
import type { Ctx } from '../../../context';
import { errorResponses as errors, ok, paramsSchema, type Api } from '../../../engine/api';
import { badRequest } from '../../../engine/errors';
import { SDK } from '../base';
import { requirePlayer } from '../players/principal';
import { findBoard, type Board } from './board';
import { pageOf, rankingPage, rankingQuery, standingOf, submitScore, type Paging } from './scores';

const SERVICE = 'passport';
const boardParams = paramsSchema('id');

const BOARD = `${SDK}/leaderboards/:id`;

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

/** The game client's leaderboard calls, each bound to the signed-in player and their app. */
export function mountPlayerRoutes(api: Api, ctx: Ctx): void {
  const open = async (req: Parameters<Parameters<Api['route']>[0]['handler']>[0]) => {
    const player = await requirePlayer(ctx.db, req);
    const board = await findBoard(ctx, player.appId, (req.params as { id: string }).id);
    return { player, board };
  };

  api.route({
    method: 'POST',
    url: `${BOARD}/scores`,
    summary: "Submit the player's score (or, on an Entity board, a named entity's)",
    tag: SERVICE,
    auth: 'player',
    params: boardParams,
    body: playerScoreBody,
    responses: { 200: ok('the standing after the submission', standingSchema), ...errors(400, 401, 403, 404, 409, 423, 429) },
    handler: async (req) => {
      const { player, board } = await open(req);
      const { score, entityId } = req.body as { score: number; entityId?: string };
      const memberId = memberFor(board, player.userId, entityId, '/entityId');
      return submitScore(ctx, board, memberId, score, board.rules.memberType === 'Player' ? player.userId : null);
    },
  });

  api.route({
    method: 'GET',
    url: `${BOARD}/scores`,
    summary: 'The top of the current ranking (a page from `start`, or around `memberId`)',
    tag: SERVICE,
    auth: 'player',
    params: boardParams,
    querystring: rankingQuery(100, 10),
    responses: { 200: ok('a page of the ranking, best first', rankingSchema), ...errors(400, 401, 403, 404, 423, 429) },
    handler: async (req) => {
      const { board } = await open(req);
      const page = await rankingPage(ctx, board, board.currentVersion, board.rules, pageOf(req.query as Paging));
      return { ...page, version: board.currentVersion };
    },
  });

  api.route({
    method: 'GET',
    url: `${BOARD}/scores/me`,
    summary: "The player's own score, rank and tier in the current version (or a named entity's)",
    tag: SERVICE,
    auth: 'player',
    params: boardParams,
    querystring: playerStandingQuery,
    responses: { 200: ok("the player's standing", playerStandingSchema), ...errors(400, 401, 403, 404, 423, 429) },
    handler: async (req) => {
      const { player, board } = await open(req);
      const memberId = memberFor(board, player.userId, (req.query as { entityId?: string }).entityId, 'query.entityId');
      const version = board.currentVersion;
      const { standing, total } = await standingOf(ctx, board, version, memberId);
      return standing ? { ...standing, version, total } : { memberId, version, rank: null, score: null, reachedAt: null, tier: null, total };
    },
  });
}
