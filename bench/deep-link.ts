/**
 * Time to first content of a deep link into the console (issue: reloads felt slow): the production build on the
 * real server, in Chromium, signed in as the demo user, timed in the page from the navigation's start to the frame
 * that first shows a row. Cold: a fresh browser context (no cache) opening an app's config list by its address; warm:
 * the same address again (cache filled), once the first page has settled; the baseline, measured in the same run:
 * moving to that page from another console page without a reload (from the click). Prints milliseconds and the ratios to the
 * baseline, the requests made before the first content (with BENCH_DEEP_LINK_VERBOSE=1, each of them of the
 * last cold load, the server warmed by the others: when it was asked and answered), and the page's main-thread time of a cold load until then (the
 * browser's own task and script time: what the machine's load stretches, but not the network's waits).
 */
import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/browser';
import { startServer } from '../tests/e2e/server';

const RUNS = Number(process.env.BENCH_DEEP_LINK_RUNS ?? 5);
const CONTENT = '.ant-table-row';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function signedInContext(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  await context.addInitScript(watchFirstRow);
  const res = await context.request.post(`${url}/auth/auth-login`, { data: { email: 'demo@example.com', password: 'lodestar-demo' } });
  if (!res.ok()) throw new Error(`sign-in: ${res.status()}`);
  return context;
}

/**
 * Watches for the list's first row, in the page: the time of the frame that first shows it (its animation frame's
 * start, on the page's clock, whose zero is the navigation's start) goes to `window.firstRowAt`. Timed in the page
 * rather than when the test hears of the row, which is later by whatever the page does next. A script's text: the
 * bench's own code, as loaded, names helpers the page does not have.
 */
const watchFirstRow = `(() => {
  window.firstRowAt = undefined;
  const seen = () => {
    if (!document.querySelector(${JSON.stringify(CONTENT)})) return false;
    requestAnimationFrame((at) => (window.firstRowAt = at));
    return true;
  };
  if (seen()) return;
  const rows = new MutationObserver(() => seen() && rows.disconnect());
  rows.observe(document, { childList: true, subtree: true });
})()`;

const firstRowAt = (page: Page) => page.waitForFunction(() => (window as unknown as { firstRowAt?: number }).firstRowAt, undefined, { timeout: 30_000 }).then((h) => h.jsonValue() as Promise<number>);

/** A load's time to the first row: from the navigation's start (the page's clock starts there), in ms. */
async function loadToContent(page: Page, go: () => Promise<unknown>): Promise<number> {
  await go();
  return firstRowAt(page);
}

/** A move inside the console's page: from the click to the first row, in ms, on the page's clock. */
async function moveToContent(page: Page, click: () => Promise<unknown>): Promise<number> {
  const from = await page.evaluate(() => performance.now());
  await page.evaluate(watchFirstRow);
  await click();
  return (await firstRowAt(page)) - from;
}

/** Until the page has nothing left to do after its first content: its menu is in (every service's declarations). */
const settled = (page: Page) => page.getByRole('menuitem', { name: '配置管理' }).waitFor({ timeout: 30_000 });

/** The page's main-thread task and script time so far, in ms (Chromium's performance metrics). */
async function mainThread(cdp: CDPSession): Promise<{ task: number; script: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: metric('TaskDuration'), script: metric('ScriptDuration') };
}

/** A request of the last cold load as `asked → answered ms  path` from the navigation (answered: - when still open). */
const line = (from: number) => (r: Request) => {
  const t = r.timing();
  const asked = t.startTime - from;
  const answered = t.responseEnd >= 0 ? (asked + t.responseEnd).toFixed(0) : '-';
  return `${asked.toFixed(0).padStart(6)} → ${answered.padStart(6)} ms  ${new URL(r.url()).pathname}`;
};

export async function runDeepLinkBench(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const probe = await signedInContext(browser, server.url);
    const apps = await (await probe.request.get(`${server.url}/api/apps`)).json();
    await probe.close();
    const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
    const target = `${server.url}/services/${appId}/config`;
    const other = `${server.url}/services/${appId}/dashboard`;
    const cold: number[] = [];
    const warm: number[] = [];
    const inApp: number[] = [];
    const tasks: number[] = [];
    const scripts: number[] = [];
    let requests: string[] = [];
    let timeline: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await signedInContext(browser, server.url);
      const page = await context.newPage();
      const seen: Request[] = [];
      page.on('request', (r) => seen.push(r));
      await page.goto('about:blank');
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const before = await mainThread(cdp);
      const from = Date.now();
      cold.push(await loadToContent(page, () => page.goto(target)));
      const after = await mainThread(cdp);
      tasks.push(after.task - before.task);
      scripts.push(after.script - before.script);
      if (i === RUNS - 1) {
        // The requests asked before the first row showed (those after it are the page's later work). A request's start
        // is known once it is answered: one not answered yet (its start reads 0) was asked after the row showed.
        const shownAt = (await page.evaluate(() => performance.timeOrigin)) + cold[cold.length - 1];
        const asked = seen.filter((r) => r.timing().startTime > 0 && r.timing().startTime <= shownAt);
        requests = asked.map((r) => new URL(r.url()).pathname);
        timeline = asked.map(line(from));
      }
      await settled(page);
      warm.push(await loadToContent(page, () => page.reload()));
      await settled(page);
      await page.goto(other);
      await settled(page);
      inApp.push(await moveToContent(page, () => page.getByRole('menuitem', { name: '配置管理' }).click()));
      await context.close();
    }
    const base = median(inApp);
    console.log(`\nDeep link to an app's config list, ${RUNS} runs, median time to the first row:`);
    console.log(`  cold (no cache)       ${median(cold).toFixed(0).padStart(6)} ms   ${(median(cold) / base).toFixed(1)}× in-app`);
    console.log(`  warm (reload)         ${median(warm).toFixed(0).padStart(6)} ms   ${(median(warm) / base).toFixed(1)}× in-app`);
    console.log(`  in-app (baseline)     ${base.toFixed(0).padStart(6)} ms`);
    console.log(`  requests before the first row (cold): ${requests.length}`);
    console.log(`  main thread until the first row (cold): ${median(tasks).toFixed(0)} ms of tasks, ${median(scripts).toFixed(0)} ms of script`);
    if (process.env.BENCH_DEEP_LINK_VERBOSE) console.log(`  cold runs: ${cold.map((ms) => ms.toFixed(0)).join(", ")}\n${timeline.join("\n")}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runDeepLinkBench();
