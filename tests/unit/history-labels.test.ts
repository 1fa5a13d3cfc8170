import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { historyActionLabel } from '../../resources/history-labels';

/** Every code-shaped string on a line naming the action, in the platform's server code (not the engine's or a service's). */
function platformCodes(dir = 'server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === join('server', 'services') || path === join('server', 'engine') ? [] : platformCodes(path);
    if (!e.name.endsWith('.ts')) return [];
    const lines = readFileSync(path, 'utf8').split('\n').filter((l) => /\baction\b/.test(l));
    return lines.flatMap((l) => [...l.matchAll(/'([a-z][a-z-]*(?:\.[a-z][a-zA-Z-]*)+)'/g)].map((m) => m[1]));
  });
}

/** The codes the records engine writes for a declared resource (`server/engine/write.ts` `auditIn`). */
const engineCodes = services.flatMap((s) =>
  s.resources.flatMap((r) => {
    const ops = r.singleton ? ['update'] : r.operations.filter((o) => o === 'create' || o === 'update' || o === 'delete');
    const names = [...ops, ...(r.actions ?? []).map((a) => a.name), ...(r.parts ?? []).map((p) => `${p.field}.replace`)];
    if (r.commands?.some((c) => c.kind === 'import')) names.push('import');
    return names.map((n) => [`${s.name}.${r.name}.${n}`, n] as const);
  }),
);

describe('operation history labels', () => {
  it('names a declared record operation by service, record and action in both languages', () => {
    expect(historyActionLabel('remote-config.configs.create')).toEqual({ 'zh-CN': '远程配置 · 配置项 · 创建', en: 'Remote Config · Config · Create' });
    expect(historyActionLabel('remote-config.overrides.disable')).toEqual({ 'zh-CN': '远程配置 · 覆盖规则 · 停用', en: 'Remote Config · Override · Disable' });
    expect(historyActionLabel('remote-config.overrides.variants.replace')).toEqual({ 'zh-CN': '远程配置 · 覆盖规则 · 修改变体', en: 'Remote Config · Override · Change variants' });
    expect(historyActionLabel('passport.realms.delete')).toEqual({ 'zh-CN': 'Passport 玩家账号 · 区服 · 删除', en: 'Passport · Realm · Delete' });
    expect(historyActionLabel('passport.achievementMeta.import')?.en).toBe('Passport · Achievement · Import achievements');
  });

  it("names a platform entity's moves by its declaration", () => {
    expect(historyActionLabel('invoice.finish')).toEqual({ 'zh-CN': '发票 · 开具发票', en: 'Invoice · Issue invoice' });
    expect(historyActionLabel('billing.transaction.create')).toEqual({ 'zh-CN': '交易 · 创建', en: 'Transaction · Create' });
  });

  it('keeps an undeclared operation as written after the declared names, and has no label for an undeclared code', () => {
    expect(historyActionLabel('passport.leaderboards.rebuild')).toEqual({ 'zh-CN': 'Passport 玩家账号 · 排行榜 · rebuild', en: 'Passport · Leaderboard · rebuild' });
    expect(historyActionLabel('passport.payment.notification.lost')?.en).toBe('Passport · payment.notification.lost');
    expect(historyActionLabel('app.update')).toEqual({ 'zh-CN': '应用 · 修改', en: 'App · Update' });
    expect(historyActionLabel('legacy.thing.done')).toBeUndefined();
    expect(historyActionLabel('remote-config')).toEqual({ 'zh-CN': '远程配置', en: 'Remote Config' });
  });

  it("names the operations a service's own code records by the service's declared history", () => {
    expect(historyActionLabel('passport.quests.items.add')).toEqual({ 'zh-CN': 'Passport 玩家账号 · 任务 · 添加任务项', en: 'Passport · Quest · Add an item' });
    expect(historyActionLabel('passport.inbox.send')).toEqual({ 'zh-CN': 'Passport 玩家账号 · 发送邮件', en: 'Passport · Send a message' });
    expect(historyActionLabel('passport.leaderboards.reset')?.['zh-CN']).toBe('Passport 玩家账号 · 排行榜 · 重置');
  });

  it("names every operation Passport's code writes as a literal code", () => {
    const codes = [...new Set(platformCodes(join('server', 'services', 'passport')))].filter((c) => c.startsWith('passport.'));
    expect(codes).toContain('passport.users.login');
    // An undeclared operation shows as written: the end of its code.
    expect(codes.filter((c) => historyActionLabel(c)!.en.split(' · ').some((part) => c.endsWith(`.${part}`)))).toEqual([]);
  });

  it('names every operation the platform records', () => {
    const codes = [...new Set(platformCodes())];
    expect(codes).toContain('org.member.leave');
    expect(codes.filter((c) => !historyActionLabel(c) || historyActionLabel(c)!.en.split(' · ').includes(c.split('.').at(-1)!))).toEqual([]);
  });

  it.each(engineCodes)('%s: every operation the engine records has a declared label', (code, name) => {
    const label = historyActionLabel(code)!;
    for (const text of [label['zh-CN'], label.en]) {
      const parts = text.split(' · ');
      expect(parts).toHaveLength(3);
      expect(parts[2]).not.toBe(name);
    }
  });
});
