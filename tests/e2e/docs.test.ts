import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { passport } from '../../resources/passport';
import { func } from '../../resources/func';

/** The call the test looks for, under the service's declared base. */
const LOGIN = `${passport.base}/login/external`;

/**
 * A developer reads a service's API page in either language: a real call with its request, its errors in the page's
 * language and an example they can paste; a service not built says so; an unknown page says it is not found.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LANGUAGES = [
  { lang: 'en', title: 'Passport API', auth: 'Authentication', errors: 'Errors', denied: 'Permission denied', banned: 'This player is banned and cannot sign in', notFound: 'Documentation page not found' },
  { lang: 'zh-CN', title: 'Passport 玩家账号 API', auth: '认证', errors: '错误', denied: '权限不足', banned: '该玩家已被封禁，无法登录', notFound: '找不到该文档页面' },
] as const;

describe.each(LANGUAGES)('the documentation in $lang', (l) => {
  it('shows a real call of passport with its request fields, its errors in the language, and a curl example', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addInitScript((lang) => localStorage.setItem('lodestar.locale', lang), l.lang);
    const page = await context.newPage();
    // Pictures of the filtered page only: the whole reference is far taller than a screenshot should be.
    const shot = screenshots(page, `docs-${l.lang}`);
    await page.goto(`${server.url}/doc/passport/api`);
    const content = page.getByTestId('doc-content');
    await visible(content.getByRole('heading', { level: 1, name: l.title }));
    await visible(content.getByText(`POST ${LOGIN}`, { exact: true }));

    // The filter leaves the one call.
    const filter = page.getByTestId('doc-api-filter');
    await filter.fill(LOGIN);
    await filter.press('Enter');
    await visible(content.getByText(`POST ${LOGIN}`, { exact: true }));
    expect(await content.locator('code', { hasText: new RegExp(`^POST ${passport.base}/sdk/`) }).count()).toBe(0);
    // Its request's fields, its errors with their messages in the page's language, and an example to paste.
    await visible(content.getByRole('heading', { name: l.errors, exact: true }));
    await visible(content.locator('td code', { hasText: /^realmId$/ }));
    await visible(content.locator('td', { hasText: l.banned }));
    await visible(content.locator('td', { hasText: l.denied }));
    await visible(content.locator('td code', { hasText: /^PLAYER_BANNED$/ }));
    await visible(content.locator('pre', { hasText: `curl -X POST "${server.url}${LOGIN}"` }));
    await shot('passport-login-call');

    // Stateful functions, the last service built, have their generated API page like the others.
    await page.goto(`${server.url}/doc/func/stateful/api`);
    await visible(page.locator('code', { hasText: `${func.base}/func/functions` }));
    expect(await page.getByTestId('doc-not-built').count()).toBe(0);
    await page.goto(`${server.url}/doc/passport/no-such-page`);
    await visible(page.getByTestId('doc-not-found').getByText(l.notFound));
    await visible(page.getByTestId('doc-menu'));
    await context.close();
  });
});
