import { defineResource } from '../define';
import { memberIdSchema, scoreBody, standingSchema } from '../leaderboards-api';
import type { CommandDecl, JsonSchema } from '../types';
import { leaderboardCalls } from './leaderboards-calls';
import type { PassportPart } from './part';
import leaderboardSchema from '../../schemas/passport/leaderboards/leaderboard.json' with { type: 'json' };

/**
 * A score submitted from the console for a member, as the game's server would (`POST <board>/members/:memberId/
 * scores`), to try a board out; the dialog shows the member's standing after it.
 */
export const submitScoreCommand: CommandDecl = {
  name: 'submitScore',
  label: { 'zh-CN': '提交测试分数', en: 'Submit a test score' },
  on: 'item',
  method: 'POST',
  path: '/members/:memberId/scores',
  fields: {
    type: 'object',
    additionalProperties: false,
    required: ['memberId', 'score'],
    properties: {
      memberId: {
        ...memberIdSchema,
        'x-ui': {
          title: { 'zh-CN': '成员 ID', en: 'Member id' },
          help: { 'zh-CN': '玩家榜填玩家的用户 ID，实体榜填实体 ID（如公会 ID）', en: "A player's user id on a Player board; an entity's id (a guild's) on an Entity board" },
        },
      },
      score: { ...((scoreBody.properties as Record<string, JsonSchema>).score), 'x-ui': { title: { 'zh-CN': '分数', en: 'Score' } } },
    },
  },
  answer: standingSchema,
  api: {
    summary: "Submit a member's score from the game's server (a player's user id, or an entity's id)",
    answer: { description: "the member's standing after the submission", schema: standingSchema },
  },
};

/**
 * Passport: the leaderboards area. A leaderboard's settings are a declared record; its versions, scores, reset
 * schedule and rewards are the area's own calls (`server/services/passport/leaderboards/`), shown on the record's
 * page by the `leaderboardRanking` panel.
 */
export const leaderboardsPart: PassportPart = {
  resources: [
    defineResource({
      name: 'leaderboards',
      // Kept in the shared table: the version table refers to it and migration 013 indexes its schedule there.
      sharedTable: true,
      label: { 'zh-CN': '排行榜', en: 'Leaderboards' },
      singular: { 'zh-CN': '排行榜', en: 'leaderboard' },
      schema: leaderboardSchema,
      unique: ['slugName'],
      addressBy: 'slugName',
      list: {
        columns: ['name', 'slugName', 'updateType', 'memberType', 'sortOrder', 'currentVersion', 'updatedAt'],
        filters: ['updateType', 'memberType', 'sortOrder'],
        sorters: ['name', 'slugName'],
        search: ['name', 'slugName', 'description'],
        defaultSort: { field: 'createdAt', order: 'desc' },
        pageSize: 20,
      },
      routes: { list: 'passport/leaderboards', show: 'passport/leaderboards/:slugName' },
      panels: ['leaderboardRanking'],
      commands: [submitScoreCommand],
    }),
  ],
  calls: leaderboardCalls,
  menu: [{ route: 'passport/leaderboards', label: { 'zh-CN': '排行榜', en: 'Leaderboards' } }],
  pages: [],
};
