import { describe, expect, it } from 'vitest';
import { defineResource } from '../../resources/define';
import { leaderboardsPart, submitScoreCommand } from '../../resources/passport/leaderboards';
import leaderboardSchema from '../../schemas/passport/leaderboards/leaderboard.json' with { type: 'json' };

const scoreSchema = {
  type: 'object',
  'x-ui': { label: { 'zh-CN': '成绩', en: 'Scores' }, title: { 'zh-CN': '成绩', en: 'score' } },
  properties: {
    meta: { type: 'object' },
    points: { type: 'integer' },
    player: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    pin: { type: 'string', writeOnly: true },
    verified: { type: 'boolean' },
    ratio: { type: 'number' },
    note: { type: 'string' },
  },
};

describe('defineResource', () => {
  it('expands the leaderboards declaration to exactly what it declared in full', () => {
    expect(leaderboardsPart.resources[0]).toEqual({
      name: 'leaderboards',
      sharedTable: true,
      label: { 'zh-CN': '排行榜', en: 'Leaderboards' },
      singular: { 'zh-CN': '排行榜', en: 'leaderboard' },
      schema: leaderboardSchema,
      path: '/leaderboards',
      idField: 'id',
      titleField: 'name',
      scope: 'app',
      operations: ['list', 'create', 'show', 'update', 'delete'],
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
      access: { read: ['app', 'admin'], write: ['app', 'admin'] },
      routes: { list: 'passport/leaderboards', show: 'passport/leaderboards/:slugName' },
      panels: ['leaderboardRanking'],
      commands: [submitScoreCommand],
    });
  });

  it('fills a plain resource from its name, its schema and its service', () => {
    expect(defineResource({ name: 'scores', schema: scoreSchema, service: 'arcade' })).toEqual({
      name: 'scores',
      label: { 'zh-CN': '成绩', en: 'Scores' },
      singular: { 'zh-CN': '成绩', en: 'score' },
      schema: scoreSchema,
      path: '/scores',
      idField: 'id',
      // Neither `name` nor `title`: the first text field.
      titleField: 'player',
      scope: 'app',
      operations: ['list', 'create', 'show', 'update', 'delete'],
      // Objects, arrays and write-only fields are not columns; four fields at most, then the last change.
      list: { columns: ['points', 'player', 'verified', 'ratio', 'updatedAt'] },
      access: { read: ['app', 'admin'], write: ['app', 'admin'] },
      routes: { list: 'arcade/scores' },
    });
  });

  it('takes a name or title field for the record title, and the label as the singular when the schema has none', () => {
    const schema = { type: 'object', properties: { code: { type: 'string' }, title: { type: 'string' }, name: { type: 'string' } } };
    const label = { 'zh-CN': '奖杯', en: 'Trophies' };
    const r = defineResource({ name: 'trophies', schema, label, service: 'arcade' });
    expect(r.titleField).toBe('name');
    expect(r.singular).toEqual(label);
    const { name: _name, ...withoutName } = schema.properties;
    expect(defineResource({ name: 'trophies', schema: { ...schema, properties: withoutName }, label, service: 'arcade' }).titleField).toBe('title');
  });

  it('keeps what the declaration gives over every default', () => {
    const r = defineResource({
      name: 'scores',
      schema: scoreSchema,
      label: { 'zh-CN': '分数', en: 'Points' },
      path: '/board/scores',
      titleField: 'note',
      operations: ['list', 'show'],
      access: { read: ['app'], write: [] },
      list: { columns: ['note'], search: ['note'] },
      routes: { list: 'arcade/board' },
      service: 'arcade',
    });
    expect(r).toMatchObject({
      label: { 'zh-CN': '分数', en: 'Points' },
      singular: { 'zh-CN': '成绩', en: 'score' },
      path: '/board/scores',
      titleField: 'note',
      operations: ['list', 'show'],
      access: { read: ['app'], write: [] },
      list: { columns: ['note'], search: ['note'] },
      routes: { list: 'arcade/board' },
    });
    expect(r).not.toHaveProperty('service');
  });

  it('gives each resource its own lists, so changing one changes no other', () => {
    const a = defineResource({ name: 'a', schema: scoreSchema, service: 'arcade' });
    const b = defineResource({ name: 'b', schema: scoreSchema, service: 'arcade' });
    a.access.read.push('owner');
    a.operations.push('bulkDelete');
    expect(b.access.read).toEqual(['app', 'admin']);
    expect(b.operations).toEqual(['list', 'create', 'show', 'update', 'delete']);
  });

  it('refuses a resource it cannot name, title or route', () => {
    const bare = { type: 'object', properties: { n: { type: 'integer' } } };
    const label = { 'zh-CN': '甲', en: 'A' };
    expect(() => defineResource({ name: 'a', schema: bare, service: 's' })).toThrow(/label/);
    expect(() => defineResource({ name: 'a', schema: bare, label, service: 's' })).toThrow(/titleField/);
    expect(() => defineResource({ name: 'a', schema: scoreSchema })).toThrow(/routes/);
  });
});
