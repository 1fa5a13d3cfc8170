import { describe, expect, it } from 'vitest';
import { englishIn } from '../e2e/english-text';

describe('englishIn (what the zh-CN crawl calls English)', () => {
  it.each(['Save changes', 'No data', 'Something went wrong, please retry.', 'Cancel', 'status:', '请求失败：Request failed', '共 3 条 records found', 'Passport 玩家账号 · 任务 · progress'])(
    'flags %j',
    (text) => expect(englishIn(text)).toBe(text),
  );

  it.each([
    '保存',
    '新建配置项',
    'Lodestar 控制台',
    'Passport 玩家',
    '应用 ID',
    '导出 CSV',
    'API 参考',
    'JSON 格式错误：第 3 行',
    'welcome_message',
    'user.country == "CN"',
    'semver(app.version) >= semver("1.2")',
    'daily_reward_coins',
    'STRING',
    'AppServiceSecret',
    'https://example.com/docs/start',
    'demo@example.com',
    '3f2b9c1e-0d4a-4e53-9a77-1b2c3d4e5f60',
    '/services/abc/config',
    'v1.2.0',
    '12,345',
    'OK',
    'Passport 玩家账号 · 任务 · 进度推进',
  ])('passes %j', (text) => expect(englishIn(text)).toBeUndefined());

  it('lets the names it is given pass, and only those', () => {
    expect(englishIn('「Demo Studio」的所有成员都可以访问该项目', ['Demo Studio'])).toBeUndefined();
    expect(englishIn('「Demo Studio」的所有成员都可以访问该项目')).toBe('「Demo Studio」的所有成员都可以访问该项目');
    expect(englishIn('Demo Studio: Save changes', ['Demo Studio'])).toBe('Demo Studio: Save changes');
  });
});
