import { describe, expect, it } from 'vitest';
import { openDemoGame, visible } from './browser';
import { syncConsole } from './sync-app';

/**
 * A developer whose build is too large for the upload asks for a transfer token on the images page: the dialog asks
 * for the archive's file name and size, and shows the signed link and the key to make the image with.
 */
const c = syncConsole('multiverse-transfer-token');

describe('the images page', () => {
  it('grants a transfer token for a build and shows its link and key', async () => {
    const { server, page, shot } = c;
    const demo = await openDemoGame(page, server.url);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    await page.goto(`${server.url}/services/${demo.appId}/multiverse/images`);
    await page.getByRole('button', { name: 'Transfer token' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('File name'));
    await dialog.getByLabel('File name').fill('big-build.zip');
    await dialog.getByLabel('Size (bytes)').fill('52428800');
    await shot('asked');
    await dialog.getByRole('button', { name: 'Transfer token' }).click();
    await visible(page.getByText(`apps/${demo.appId}/multiverse/images/`, { exact: false }));
    await visible(page.getByText('/blob/upload?', { exact: false }));
    expect(await page.getByText('big-build.zip', { exact: false }).count()).toBeGreaterThan(0);
    await shot('granted');
  });
});
