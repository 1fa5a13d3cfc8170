import { defineResource } from '../define';
import type { PassportPart } from './part';
import leaderboardSchema from '../../schemas/passport/leaderboards/leaderboard.json' with { type: 'json' };

/**
 * Passport: the leaderboards area. A leaderboard's settings are a declared record; its versions, scores, reset
 * schedule and rewards are the area's own calls (`server/services/passport/leaderboards/`), shown on the record's
 * page by the `leaderboardRanking` panel.
 */
export const leaderboardsPart: PassportPart = {
  resources: [
    defineResource({
      name: 'leaderboards',
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
    }),
  ],
  menu: [{ route: 'passport/leaderboards', label: { 'zh-CN': '排行榜', en: 'Leaderboards' } }],
  pages: [],
};
