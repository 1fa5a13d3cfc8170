import { afterAll, beforeAll } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { usync } from '../../resources/usync';
import { launchBrowser, screenshots } from './browser';
import { callWith, startServer, type RunningServer } from './server';

/** An app with Sync of the demo user's studio, initialised: its first tier and profile, and calls with its credential. */
export interface SyncApp {
  appId: string;
  credential: string;
  tierId: string;
  profileId: string;
  call: (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;
}

/**
 * Makes a new app named `name` in the Demo Game's organisation through `request` (signed in as the demo user),
 * enables Sync on it (the demo app runs Multiverse, which excludes Sync) and initialises it (spec 001's tier and
 * profile).
 */
export async function newSyncApp(request: APIRequestContext, url: string, name: string): Promise<SyncApp> {
  const apps = (await (await request.get(`${url}/api/apps`)).json()) as { Items: { ProjectName: string; OrganizationId: string }[] };
  const demo = apps.Items.find((a) => a.ProjectName === 'Demo Game');
  if (!demo) throw new Error('the demo user sees no Demo Game: sign in first');
  const made = await request.post(`${url}/api/app`, { data: { ProjectName: name, OrganizationId: demo.OrganizationId } });
  if (!made.ok()) throw new Error(`making ${name}: ${made.status()} ${await made.text()}`);
  const app = (await made.json()) as { AppId: string; AppServiceSecret: string };
  const enabled = await request.post(`${url}/api/app/${app.AppId}/service`, { data: { Service: 'usync' } });
  if (!enabled.ok()) throw new Error(`enabling Sync on ${name}: ${enabled.status()} ${await enabled.text()}`);
  const credential = `Basic ${Buffer.from(`${app.AppId}:${app.AppServiceSecret}`).toString('base64')}`;
  const call = (method: string, path: string, body?: unknown) => callWith(url, credential, method, path, body);
  const init = (await call('POST', `${usync.base}/api/app/${app.AppId}/usync-init`)) as { tiers: { id: string }[]; profiles: { id: string }[] };
  return { appId: app.AppId, credential, tierId: init.tiers[0].id, profileId: init.profiles[0].id, call };
}

export interface SyncConsole {
  server: RunningServer;
  page: Page;
  /** A screenshot of the page under test-results/<screens>/. */
  shot: (label: string) => Promise<void>;
}

/** A real server and a browser page of the console in English for the file's tests, both stopped after them. */
export function syncConsole(screens: string): SyncConsole {
  const c = {} as SyncConsole;
  let browser: Browser | undefined;
  beforeAll(async () => {
    c.server = await startServer();
    browser = await launchBrowser();
    c.page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en', timezoneId: 'Asia/Shanghai' })).newPage();
    c.shot = screenshots(c.page, screens);
  });
  afterAll(async () => {
    await browser?.close();
    await c.server?.stop();
  });
  return c;
}
