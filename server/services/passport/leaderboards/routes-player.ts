import {
  playerScoreBody,
  playerStandingQuery,
  playerStandingSchema,
  rankingSchema,
  standingSchema,
} from '../../../../resources/leaderboards-api';
import type { Ctx } from '../../../context';
import type { FastifyRequest } from 'fastify';
import { errorResponses, ok, paramsSchema, type Api, type ResponseDef, type RouteDef } from '../../../engine/api';
import { badRequest } from '../../../engine/errors';
import { SDK } from '../base';
import { requirePlayer } from '../players/principal';

type Player = Awaited<ReturnType<typeof requirePlayer>>;
import { findBoard, type Board } from './board';
import { pageOf, rankingPage, rankingQuery, standingOf, submitScore, type Paging } from './scores';

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

/** One of the calls: its path under the board's, and what it answers. */
type PlayerCall = Pick<RouteDef, 'method' | 'summary' | 'body' | 'querystring'> & {
  path: string;
  answer: ResponseDef;
  errors: number[];
};

/** The game client's leaderboard calls, each bound to the signed-in player and their app. */
export function mountPlayerRoutes(api: Api, ctx: Ctx): void {
  /** A call on the board the path names in the player's app. */
  const onBoard = (call: PlayerCall, run: (board: Board, player: Player, req: FastifyRequest) => Promise<unknown>) => {
    const { path, answer, errors, ...def } = call;
    api.route({
      ...def,
      url: `${BOARD}${path}`,
      tag: 'passport',
      auth: 'player',
      params: paramsSchema('id'),
      responses: { 200: answer, ...errorResponses(...errors) },
      handler: async (req) => {
        const player = await requirePlayer(ctx.db, req);
        return run(await findBoard(ctx, player.appId, (req.params as { id: string }).id), player, req);
      },
    });
  };

  const submit: PlayerCall = {
    method: 'POST',
    path: '/scores',
    summary: "Submit the player's score (or, on an Entity board, a named entity's)",
    body: playerScoreBody,
    answer: ok('the standing after the submission', standingSchema),
    errors: [400, 401, 403, 404, 409, 423, 429],
  };
  onBoard(submit, async (board, player, req) => {
    const { score, entityId } = req.body as { score: number; entityId?: string };
    const memberId = memberFor(board, player.userId, entityId, '/entityId');
    return submitScore(ctx, board, memberId, score, board.rules.memberType === 'Player' ? player.userId : null);
  });

  const top: PlayerCall = {
    method: 'GET',
    path: '/scores',
    summary: 'The top of the current ranking (a page from `start`, or around `memberId`)',
    querystring: rankingQuery(100, 10),
    answer: ok('a page of the ranking, best first', rankingSchema),
    errors: [400, 401, 403, 404, 423, 429],
  };
  onBoard(top, async (board, _player, req) => {
    const page = await rankingPage(ctx, board, board.currentVersion, board.rules, pageOf(req.query as Paging));
    return { ...page, version: board.currentVersion };
  });

  const mine: PlayerCall = {
    method: 'GET',
    path: '/scores/me',
    summary: "The player's own score, rank and tier in the current version (or a named entity's)",
    querystring: playerStandingQuery,
    answer: ok("the player's standing", playerStandingSchema),
    errors: [400, 401, 403, 404, 423, 429],
  };
  onBoard(mine, async (board, player, req) => {
    const memberId = memberFor(board, player.userId, (req.query as { entityId?: string }).entityId, 'query.entityId');
    const version = board.currentVersion;
    const { standing, total } = await standingOf(ctx, board, version, memberId);
    if (standing) return { ...standing, version, total };
    return { memberId, version, rank: null, score: null, reachedAt: null, tier: null, total };
  });
}
