import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { zipSync } from 'fflate';
import { choose, launchBrowser, openDemoGame, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { match } from '../../resources/match';
import { MATCH_DEMO_IDS } from '../../resources/match/demo';
import { MATCH_ROUTES } from '../../resources/match/resources';
import { MULTIVERSE_DEMO_IDS } from '../../resources/multiverse/demo';
import { MULTIVERSE_ROUTES } from '../../resources/multiverse/resources';
import { passport } from '../../resources/passport';
import { DEMO_REALM_ID } from '../../resources/passport/demo-players';

/**
 * The whole hosting path on one machine, as a developer and two players live it: the example echo server is uploaded
 * as a build in the console and built, a new revision of the demo game's profile is made with it and released in the
 * console, two players sign in and ask for a duel through the player call, the matchmaker forms one match and
 * Multiverse allocates a server of the new revision, both players get its address, the server echoes, and when it
 * shuts itself down through the SDK the console shows it deallocated.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en', timezoneId: 'Asia/Shanghai' });
  shot = screenshots(page, 'hosting');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function call(method: string, path: string, body: unknown, authorization: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

/** One UDP datagram to the server and its answer. */
function udp(host: string, port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`no UDP answer from ${host}:${port}`));
    }, 5000);
    socket.once('message', (msg) => {
      clearTimeout(timer);
      socket.close();
      resolve(msg.toString('utf8'));
    });
    socket.send(text, port, host);
  });
}

/** Waits until `read` answers something `done` accepts (polling real state), or fails with the last answer. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 300));
    last = await read();
  }
  return last;
}

describe('hosting a game, from the build to a match', () => {
  it('builds an uploaded server, releases it, matches two players onto it, and sees it deallocated once it shuts down', async () => {
    const { appId, credential } = await openDemoGame(page, server.url);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    const at = (route: string) => `${server.url}/services/${appId}/${route}`;

    // The build: the example echo server, zipped, uploaded on the images page; its page opens and follows the build.
    const dir = new URL('../../examples/multiverse-echo/', import.meta.url);
    const archive = zipSync({ 'server.mjs': new Uint8Array(readFileSync(new URL('server.mjs', dir))), 'multiverse.json': new Uint8Array(readFileSync(new URL('multiverse.json', dir))) });
    await page.goto(at(MULTIVERSE_ROUTES.images));
    await page.getByRole('button', { name: 'Upload a build' }).click();
    await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'arena-e2e.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) });
    await page.waitForURL(/\/multiverse\/images\/[^/]+$/, { timeout: 30_000 });
    await visible(page.locator('.ant-tag', { hasText: 'Built' }), 45_000);
    await shot('built');

    // A new revision of the demo profile with the build, made and released on the profile's page.
    await page.goto(at(MULTIVERSE_ROUTES.profile.replace(':profileId', MULTIVERSE_DEMO_IDS.profile)));
    const revisions = page.locator('[data-testid="children-profile-revisions"]');
    await revisions.getByRole('button', { name: 'New profile revision' }).click();
    const drawer = page.locator('.ant-drawer-content').last();
    await visible(drawer);
    await choose(drawer.locator('.ant-select', { has: page.locator('[id$="imageId"]') }).first(), 'arena-e2e');
    await shot('revision-form');
    await drawer.getByRole('button', { name: /save|create|submit/i }).last().click();
    await visible(revisions.locator('.ant-table-row', { hasText: 'Draft' }), 20_000);
    await revisions.locator('.ant-table-row', { hasText: 'Draft' }).getByRole('button', { name: 'Release' }).click();
    await page.locator('.ant-modal-confirm, .ant-modal').last().getByRole('button', { name: /OK|Release/ }).last().click();
    // The new revision is released, the demo's first retired, and the profile names the new one.
    await visible(revisions.locator('.ant-table-row', { hasText: 'Retired' }), 20_000);
    await visible(revisions.locator('.ant-table-row', { hasText: 'arena-e2e' }).locator('.ant-tag', { hasText: 'Released' }));
    await page.reload();
    await visible(page.locator('.ant-descriptions-row', { hasText: 'Released revision' }).getByText('#2'));
    await shot('released');

    // Two players sign in through the game's server and ask for a duel through the player call.
    const tokens: string[] = [];
    for (const player of ['e2e-red', 'e2e-blue']) {
      const login = await call('POST', `${passport.base}/login/external`, { method: 'ServerSide', platform: 'Android', realmId: DEMO_REALM_ID, externalId: player, nickname: player }, credential);
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      tokens.push(`Bearer ${String(login.body.token)}`);
    }
    const tickets: string[] = [];
    for (const [i, skill] of [1500, 1560].entries()) {
      const asked = await call('POST', `${match.base}/sdk/tickets`, { configId: MATCH_DEMO_IDS.duel, attributes: { skill }, regions: ['local'] }, tokens[i]);
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      tickets.push(String(asked.body.id));
    }
    // Each player polls their own ticket until the server is found.
    const found = await Promise.all(tickets.map((id, i) => until(() => call('GET', `${match.base}/sdk/tickets/${id}`, undefined, tokens[i]).then((r) => r.body), (t) => ['found', 'failed', 'timeout'].includes(String(t.status)), 45_000)));
    expect(found.map((t) => t.status)).toEqual(['found', 'found']);
    expect(found[1].matchId).toBe(found[0].matchId);
    expect([found[1].host, found[1].port]).toEqual([found[0].host, found[0].port]);
    expect(await udp(String(found[0].host), Number(found[0].port), 'gg')).toBe('ECHO gg');

    // The console: the match with its two players, and the server it got, of the new revision, allocated.
    await page.goto(at(MATCH_ROUTES.match.replace(':matchId', String(found[0].matchId))));
    await visible(page.getByText(String(found[0].serverId)).first());
    await shot('match');
    await page.goto(at(MULTIVERSE_ROUTES.server.replace(':id', String(found[0].serverId))));
    await visible(page.locator('.ant-tag', { hasText: 'Allocated' }));
    // It runs the build uploaded above, as the revision released above.
    await visible(page.locator('.ant-descriptions-row', { hasText: 'Image' }).getByText('arena-e2e'));
    await visible(page.locator('.ant-descriptions-row', { hasText: 'Revision' }).getByText('#2'));
    await visible(page.getByText('echo server listening', { exact: false }).first());
    await shot('allocated');

    // The server shuts itself down through the SDK; the page follows it to deallocated.
    expect(await udp(String(found[0].host), Number(found[0].port), 'EXIT')).toBe('BYE');
    await visible(page.locator('.ant-tag', { hasText: 'Deallocated' }), 30_000);
    await shot('deallocated');
    expect(await page.getByText('Failed to load').count()).toBe(0);
  }, 180_000);
});
