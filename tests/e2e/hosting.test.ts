import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { choose, openDemoGame, visible } from './browser';
import { callWith } from './server';
import { syncConsole } from './sync-app';
import { udpExchange, until } from '../game-client';
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

const c = syncConsole('hosting');

describe('hosting a game, from the build to a match', () => {
  it('builds an uploaded server, releases it, matches two players onto it, and sees it deallocated once it shuts down', async () => {
    const { server, page, shot } = c;
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
      const login = await callWith(server.url, credential, 'POST', `${passport.base}/login/external`, { method: 'ServerSide', platform: 'Android', realmId: DEMO_REALM_ID, externalId: player, nickname: player });
      tokens.push(`Bearer ${String(login.token)}`);
    }
    const tickets: string[] = [];
    for (const [i, skill] of [1500, 1560].entries()) {
      const asked = await callWith(server.url, tokens[i], 'POST', `${match.base}/sdk/tickets`, { configId: MATCH_DEMO_IDS.duel, attributes: { skill }, regions: ['local'] });
      expect(asked.status).toBe('searching');
      tickets.push(String(asked.id));
    }
    // Each player polls their own ticket until the server is found.
    const found = await Promise.all(tickets.map((id, i) => until(() => callWith(server.url, tokens[i], 'GET', `${match.base}/sdk/tickets/${id}`), (t) => ['found', 'failed', 'timeout'].includes(String(t.status)), 45_000)));
    expect(found.map((t) => t.status)).toEqual(['found', 'found']);
    expect(found[1].matchId).toBe(found[0].matchId);
    expect([found[1].host, found[1].port]).toEqual([found[0].host, found[0].port]);
    expect(await udpExchange(String(found[0].host), Number(found[0].port), 'gg')).toBe('ECHO gg');

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
    expect(await udpExchange(String(found[0].host), Number(found[0].port), 'EXIT')).toBe('BYE');
    await visible(page.locator('.ant-tag', { hasText: 'Deallocated' }), 30_000);
    await shot('deallocated');
    expect(await page.getByText('Failed to load').count()).toBe(0);
  }, 180_000);
});
