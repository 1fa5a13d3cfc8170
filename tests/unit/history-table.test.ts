import { describe, expect, it, vi } from 'vitest';

// The console's language setup touches the page's root element: give it the one element it needs.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OperationEntry } from '../../resources/ops-api';
import { i18n } from '../../providers/i18n';
import { HistoryTable } from '../../src/pages/ops/HistoryTable';

const entry = (Id: string, Actor: string, Action: string): OperationEntry => ({
  Id,
  At: '2026-01-02T03:04:05.000Z',
  Actor,
  AppId: 'a1',
  AppName: 'Demo Game',
  Action,
  Target: `target-${Id}`,
  Before: null,
  After: null,
  Service: null,
  Title: null,
  Template: null,
  UserName: null,
});

const ENTRIES = [
  entry('1', 'user:member@example.com', 'remote-config.configs.create'),
  entry('2', 'app:a1', 'passport.leaderboards.reset'),
  entry('3', 'admin:admin@example.com', 'legacy.thing.done'),
];

// The history's page as the server answers it.
vi.mock('../../src/lib/api', () => ({ useApiQuery: () => ({ data: { TotalCount: ENTRIES.length, Items: ENTRIES }, loading: false }) }));

/** The visible text of the history row of entry `id` (tags stripped, attributes dropped). */
function rowText(markup: string, id: string): string {
  const row = new RegExp(`<tr[^>]*data-testid="history-row-${id}"[^>]*>(.*?)</tr>`).exec(markup)?.[1];
  expect(row, `row ${id}`).toBeDefined();
  return row!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

async function render(lang: 'zh-CN' | 'en'): Promise<string> {
  await i18n.changeLanguage(lang);
  return renderToStaticMarkup(createElement(HistoryTable, { filter: { AppId: 'a1' } }));
}

describe('the history table', () => {
  it("shows a declared action's label in the user's language, not its code", async () => {
    const zh = await render('zh-CN');
    expect(rowText(zh, '1')).toContain('远程配置 · 配置项 · 创建');
    expect(rowText(zh, '1')).not.toContain('remote-config.configs.create');
    expect(rowText(zh, '2')).toContain('Passport 玩家账号 · 排行榜 · 重置');
    const en = await render('en');
    expect(rowText(en, '1')).toContain('Remote Config · Config · Create');
    expect(rowText(en, '1')).not.toContain('remote-config.configs.create');
  });

  it('shows a code that has no declaration as it is', async () => {
    expect(rowText(await render('en'), '3')).toContain('legacy.thing.done');
  });

  it('names the person who acted, or the app', async () => {
    const zh = await render('zh-CN');
    expect(rowText(zh, '1')).toContain('member@example.com');
    expect(rowText(zh, '2')).toContain('a1');
  });
});
