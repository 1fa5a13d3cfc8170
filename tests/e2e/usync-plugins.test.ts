import { describe, expect, it } from 'vitest';
import { openDemoGame, visible } from './browser';
import { newSyncApp, syncConsole } from './sync-app';
import { usync } from '../../resources/usync';
import { PLUGIN_PATH } from '../../resources/usync/plugins';

/**
 * A developer keeps room plugins in the console: the list under Sync → Plugins, a plugin's page with its code, its
 * versions and its Release button; a release made there moves the released version; a room profile's page binds it.
 */

const c = syncConsole('sync-plugins');

describe('Sync plugins on the console', () => {
  it('lists plugins, shows one with its versions, and releases it', async () => {
    const { server, page, shot } = c;
    await openDemoGame(page, server.url);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    const app = await newSyncApp(page.request, server.url, 'Plugin Game');
    const code = 'exports.onJoin = (room, playerId) => room.send(playerId, { hello: playerId });';
    const plugin = await app.call('POST', `${usync.base}${PLUGIN_PATH}`, { name: 'greeter', description: 'Greets each player', code });
    await app.call('PUT', `${usync.base}${PLUGIN_PATH}/${plugin.id}`, { name: 'greeter', version: plugin.version, code: `${code}\nexports.onMessage = (room, playerId, data) => room.broadcast({ from: playerId, data });` });

    await page.goto(`${server.url}/services/${app.appId}/sync/plugins`);
    await visible(page.getByRole('menuitem', { name: 'Plugins' }));
    await visible(page.locator('.ant-table-row', { hasText: 'greeter' }));
    await visible(page.getByRole('button', { name: 'Transfer token' }));
    await shot('list');

    await page.goto(`${server.url}/services/${app.appId}/sync/plugins/${plugin.id}`);
    await visible(page.getByText('exports.onMessage', { exact: false }).first());
    await visible(page.getByText('Plugin versions').first());
    await page.getByRole('button', { name: 'Release' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /OK|Release|Confirm/ }).last().click();
    await visible(page.getByText('Released').first());
    await shot('plugin');
    const after = await app.call('GET', `${usync.base}${PLUGIN_PATH}/${plugin.id}`);
    expect(after).toMatchObject({ status: 'released', liveVersion: 2 });

    // The room profile's page binds it: the dialog picks among the app's plugins.
    await page.goto(`${server.url}/services/${app.appId}/sync/profiles/${app.profileId}`);
    await page.getByRole('button', { name: 'Bind a plugin' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'greeter' }).click();
    // Chosen before the dialog is sent (on a loaded machine the list of plugins can still be drawing).
    await visible(dialog.locator('.ant-select-selection-item', { hasText: 'greeter' }));
    await dialog.getByRole('button', { name: /OK|Submit|Bind/ }).last().click();
    await expect.poll(async () => (await app.call('GET', `${usync.base}/api/room-profiles/${app.profileId}`)).pluginId, { timeout: 10_000 }).toBe(plugin.id);
    await visible(page.getByText('greeter').first());
    await shot('profile');
  }, 90_000);
});
