import { modelOf, type Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import type { ResourceModel } from '../../../engine/model';
import type { Data } from '../../../engine/store';
import { rulesOf, type BoardRules } from './rules';
import type { Schedule } from '../../../../resources/leaderboards-api';

/** A leaderboard as this area works with it: its record, its rules and where scores go now. */
export interface Board {
  id: string;
  appId: string;
  slugName: string;
  currentVersion: number;
  schedule?: Schedule;
  createdAt: string;
  rules: BoardRules;
  record: Data;
}

export const boardModel = (ctx: Ctx): ResourceModel => modelOf(ctx, 'passport', 'leaderboards');

export function boardOf(appId: string, record: Data): Board {
  return {
    id: String(record.id),
    appId,
    slugName: String(record.slugName),
    currentVersion: Number(record.currentVersion ?? 1),
    schedule: record.schedule as Schedule | undefined,
    createdAt: String(record.createdAt),
    rules: rulesOf(record),
    record,
  };
}

/**
 * Makes sure a version's row exists (scores refer to it). Version 1 starts with the board; later versions are
 * created by the reset that opens them, so this only ever creates version 1 in practice.
 */
export async function ensureVersion(q: Queryable, board: Pick<Board, 'id' | 'appId' | 'createdAt'>, version: number): Promise<void> {
  await q.query(
    `INSERT INTO leaderboard_versions (board_id, app_id, version, started_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (board_id, version) DO NOTHING`,
    [board.id, board.appId, version, version === 1 ? board.createdAt : new Date().toISOString()],
  );
}
