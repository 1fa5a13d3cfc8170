import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { historyActionLabel } from '../../resources/history-labels';

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
    expect(historyActionLabel('passport.leaderboards.reset')).toEqual({ 'zh-CN': 'Passport 玩家账号 · 排行榜 · reset', en: 'Passport · Leaderboard · reset' });
    expect(historyActionLabel('passport.payment.notification.refused')?.en).toBe('Passport · payment.notification.refused');
    expect(historyActionLabel('app.update')).toBeUndefined();
    expect(historyActionLabel('remote-config')).toEqual({ 'zh-CN': '远程配置', en: 'Remote Config' });
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
