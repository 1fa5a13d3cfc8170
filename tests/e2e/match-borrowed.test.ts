import { describe, expect, it } from 'vitest';
import { openDemoGame, visible, gone } from './browser';
import { newSyncApp, syncConsole } from './sync-app';
import { match } from '../../resources/match';
import { callWith } from './server';

/**
 * A developer finds the matchmaking configs under the service their matches are played on: Multiverse → Matchmaking
 * lists the demo game's configs on a game (the duel) and not the others (the squads); on an app with Sync, Sync →
 * Matchmaking lists the configs on a room profile only, and a config created there starts on the app's room profile;
 * on the demo app, which has no Sync, Sync's screen says so.
 */

const c = syncConsole('match-borrowed');

describe('matchmaking configs under Multiverse and Sync', () => {
  it('lists only the configs played on a game, or in a room, and presets the room profile of one created there', async () => {
    const { server, page, shot } = c;
    const demo = await openDemoGame(page, server.url);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));

    await page.goto(`${server.url}/services/${demo.appId}/multiverse/match`);
    await visible(page.getByRole('menuitem', { name: 'Matchmaking' }).first());
    await visible(page.locator('.ant-table-row', { hasText: 'duel' }));
    expect(await page.locator('.ant-table-row', { hasText: 'squads' }).count()).toBe(0);
    await shot('multiverse-list');
    // The record's page is at Multiverse's route, its breadcrumb back to Multiverse's list.
    await page.locator('.ant-table-row', { hasText: 'duel' }).getByText('duel').first().click();
    await page.waitForURL(/\/multiverse\/match\/[^/]+$/);
    await visible(page.locator('.ant-breadcrumb').getByText('Matchmaking'));
    await shot('multiverse-config');

    // The demo game plays on Multiverse: Sync's screen, opened by its address, says Sync is not enabled, and leads
    // to the overview where it is (the matchmaking configs are not listed there).
    await page.goto(`${server.url}/services/${demo.appId}/sync/match`);
    await visible(page.getByText('is not enabled for this app'));
    expect(await page.locator('.ant-table-row').count()).toBe(0);
    await shot('sync-not-enabled');
    await page.getByRole('button', { name: 'Go to the app overview' }).click();
    await page.waitForURL(/\/dashboard$/);

    const app = await newSyncApp(page.request, server.url, 'Arena Rooms');
    const enabled = await page.request.post(`${server.url}/api/app/${app.appId}/service`, { data: { Service: match.name } });
    expect(enabled.ok(), await enabled.text()).toBe(true);
    const call = (method: string, path: string, body?: unknown) => callWith(server.url, app.credential, method, path, body);
    await call('POST', `${match.base}/apps`, { name: 'Arena' });
    const configs = `${match.base}/apps/${app.appId}/configs`;
    const duel = { teams: [{ name: 'red', size: 1 }, { name: 'blue', size: 1 }], regions: ['local'] };
    await call('POST', configs, { name: 'room duel', syncProfileId: app.profileId, ...duel });
    await call('POST', configs, { name: 'peer duel', ...duel });

    await page.goto(`${server.url}/services/${app.appId}/sync/match`);
    await visible(page.getByRole('menuitem', { name: 'Matchmaking' }).first());
    await visible(page.locator('.ant-table-row', { hasText: 'room duel' }));
    expect(await page.locator('.ant-table-row', { hasText: 'peer duel' }).count()).toBe(0);
    // The profile column names the profile.
    await visible(page.locator('.ant-table-row', { hasText: 'room duel' }).getByText('default'));
    await shot('sync-list');

    // A config created here starts on the app's room profile.
    await page.getByRole('button', { name: /Create|New/ }).first().click();
    const drawer = page.locator('.ant-drawer-content:visible');
    await visible(drawer.locator('.ant-select-selection-item', { hasText: 'default' }));
    // Not a game's: Sync's screen leaves out the Multiverse fields.
    expect(await drawer.getByText('Multiverse game', { exact: true }).count()).toBe(0);
    await drawer.locator('#root_name').fill('rooms of four');
    // The form starts with the one team and the one region the schema asks for at least.
    await drawer.locator('#root_teams_0_name').fill('all');
    await drawer.locator('#root_teams_0_size').fill('4');
    await drawer.locator('#root_regions_0').fill('local');
    await shot('sync-create');
    await drawer.getByRole('button', { name: /Save|Submit|Create/ }).last().click();
    await gone(drawer);
    await visible(page.locator('.ant-table-row', { hasText: 'rooms of four' }));
    const listed = (await call('GET', `${configs}?has=syncProfileId`)) as { items: { name: string; syncProfileId?: string }[] };
    expect(listed.items.find((x) => x.name === 'rooms of four')?.syncProfileId).toBe(app.profileId);
    await shot('sync-created');
  }, 120_000);
});
