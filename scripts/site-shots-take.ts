/**
 * The product pages' screenshots, taken from the real console: signs in with the demo user in the system Chromium,
 * opens each screen named in `SHOT_SCREENS` on a running server (scrolled to the block its `#<test id>` names) and saves it in both languages as
 * `<dir>/site-shots/<name>.<lang>.png`. `npm run site:shots` saves them under `public/` (served as static files); the
 * end-to-end test `site-shots.test.ts` takes them again into a scratch folder.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from '../tests/e2e/server';
import { DEMO_USER } from '../server/demo';
import { SHOT_SCREENS, SHOT_LOCALES, shotAddress } from '../src/pages/site/products';

/**
 * The system Chromium as the end-to-end tests launch it, with the Noto Sans SC font of the installed dependencies
 * added for this browser only (a fontconfig file of its own), so the Chinese shots show their characters on a
 * machine without CJK fonts.
 */
function launchWithCjkFont() {
  const dir = mkdtempSync(join(tmpdir(), 'lodestar-fonts-'));
  const config = join(dir, 'fonts.conf');
  const fonts = join(ROOT, 'node_modules/@expo-google-fonts/noto-sans-sc');
  writeFileSync(
    config,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>` +
      `<dir>${fonts}/400Regular</dir><dir>${fonts}/700Bold</dir><cachedir>${dir}/cache</cachedir></fontconfig>\n`,
  );
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    headless: true,
    env: { ...process.env, FONTCONFIG_FILE: config },
  });
}

/** Takes every shot from the console served at `url` into `dir`; answers the files saved. */
export async function takeSiteShots(url: string, dir: string): Promise<string[]> {
  const saved: string[] = [];
  const browser = await launchWithCjkFont();
  try {
    for (const locale of SHOT_LOCALES) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale, timezoneId: 'Asia/Shanghai' });
      await page.addInitScript((lang) => localStorage.setItem('lodestar.locale', lang), locale);
      // Signed in as the console signs in (the session cookie lands in the page's context).
      const signIn = await page.request.post(`${url}/auth/auth-login`, { data: DEMO_USER });
      if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}`);
      await page.goto(`${url}/apps`);
      await page.getByText('Demo Game').click();
      await page.waitForURL(/\/services\/[^/]+\/dashboard$/);
      const appId = /\/services\/([^/]+)\//.exec(page.url())![1];
      for (const [name, screen] of Object.entries(SHOT_SCREENS)) {
        const [route, anchor] = screen.split('#');
        await page.goto(`${url}${route.replace(':appId', appId)}`);
        await page.locator('.ant-table-row').first().waitFor({ state: 'visible', timeout: 20_000 });
        // Settled: no spinner left, the fonts in.
        await page.locator('.ant-spin-spinning').first().waitFor({ state: 'hidden', timeout: 20_000 });
        await page.evaluate(() => document.fonts.ready);
        // `#<test id>`: the part of a long page the shot shows starts at that block.
        if (anchor) {
          await page.getByTestId(anchor).evaluate((block) => {
            block.scrollIntoView({ block: 'start' });
            // Clear of the console's sticky top bar.
            window.scrollBy(0, -72);
          });
        }
        // No block still waiting for its code or data (a chart's placeholder).
        await page.locator('.ant-skeleton').first().waitFor({ state: 'hidden', timeout: 20_000 });
        const file = join(dir, shotAddress(name, locale));
        mkdirSync(join(file, '..'), { recursive: true });
        await page.screenshot({ path: file });
        saved.push(file);
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return saved;
}
