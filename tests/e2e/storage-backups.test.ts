import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { choose, gone, openDemoGame, visible } from './browser';
import { callWith } from './server';
import { syncConsole } from './sync-app';
import { storage } from '../../resources/storage';

/**
 * A developer makes a PostgreSQL database in the console, waits for its request, signs a client in with what its page
 * shows and writes a table; then backs it up from its page, downloads the backup through the link the page gives, and
 * after the data changed restores it (confirmed first): the original rows are back.
 */
const c = syncConsole('storage-backups');
const PASSWORD = 'Backup#Pass1';

describe('Storage backups on the console', () => {
  it('makes the database in the console, connects with what its page shows, backs up, downloads the file and restores it', async () => {
    const { server, page, shot } = c;
    await openDemoGame(page, server.url);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    const apps = (await (await page.request.get(`${server.url}/api/apps`)).json()) as { Items: { ProjectName: string; OrganizationId: string }[] };
    const org = apps.Items.find((a) => a.ProjectName === 'Demo Game')!.OrganizationId;
    const app = (await (await page.request.post(`${server.url}/api/app`, { data: { ProjectName: 'Backup Game', OrganizationId: org } })).json()) as { AppId: string; AppServiceSecret: string };
    expect((await page.request.post(`${server.url}/api/app/${app.AppId}/service`, { data: { Service: 'storage' } })).ok()).toBe(true);
    const credential = `Basic ${Buffer.from(`${app.AppId}:${app.AppServiceSecret}`).toString('base64')}`;
    const call = (method: string, path: string, body?: unknown) => callWith(server.url, credential, method, `${storage.base}${path}`, body);

    // The database is made in the console: its create drawer, then its request followed until it runs.
    await page.goto(`${server.url}/services/${app.AppId}/crud/storage/management`);
    await page.getByRole('button', { name: /Create|New/ }).first().click();
    const drawer = page.locator('.ant-drawer-content:visible');
    await drawer.locator('#root_name').fill('save-data');
    await choose(drawer.getByLabel('Engine', { exact: true }), 'PostgreSQL');
    await choose(drawer.getByLabel('Region', { exact: true }), 'Shanghai');
    await choose(drawer.getByLabel('Instance type', { exact: true }), 's1');
    await drawer.locator('#root_username').fill('saver');
    await drawer.locator('#root_password').fill(PASSWORD);
    await shot('create');
    await drawer.getByRole('button', { name: /Save|Submit|Create/ }).last().click();
    await gone(drawer);
    const listed = (await call('GET', '/databases')) as { items: Record<string, string>[] };
    let db = listed.items.find((d) => d.name === 'save-data')!;
    for (let i = 0; i < 300 && db.status !== 'running'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      db = (await call('GET', `/databases/${db.id}`)) as Record<string, string>;
    }
    // The client signs in with what the database's page shows.
    await page.goto(`${server.url}/services/${app.AppId}/crud/storage/management/${db.id}`);
    const shown = async (label: string) => (await page.locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) }).locator('td').first().innerText()).trim();
    await visible(page.locator('th', { hasText: /^Connection user$/ }));
    const signIn = { host: await shown('Host'), port: Number(await shown('Port')), user: await shown('Connection user'), database: await shown('Database name') };
    expect(signIn).toEqual({ host: db.host, port: Number(db.port), user: db.user, database: db.databaseName });
    const connect = async () => {
      const client = new pg.Client({ ...signIn, password: PASSWORD });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    };
    const client = await connect();
    await client.query('CREATE TABLE heroes (name text PRIMARY KEY, level int NOT NULL)');
    await client.query("INSERT INTO heroes VALUES ('knight', 12), ('archer', 9)");
    await client.end();

    await page.goto(`${server.url}/services/${app.AppId}/crud/storage/management/${db.id}`);
    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByRole('tab', { name: 'Backups' }).first().click();
    const backups = page.getByTestId('children-backups');
    await visible(backups.getByText('Succeeded'), 60_000);
    await shot('backups');

    await backups.getByRole('button', { name: 'More' }).first().click();
    await page.getByRole('menuitem', { name: 'Download' }).click();
    const link = page.getByTestId('command-answer').getByTestId('download-link');
    await visible(link);
    // The links are a table: the dialog is wide enough that each file's row reads on one line.
    const row = await link.locator('xpath=ancestor::tr[1]').boundingBox();
    const text = await link.boundingBox();
    expect(row!.height).toBeLessThan(text!.height * 2 + 16);
    await shot('download');
    const file = await page.request.get((await link.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(gunzipSync(await file.body()).toString('utf8')).toContain("'knight', 12");
    // The dialog opened from the row's menu holds the keyboard's focus: Escape closes it.
    await page.keyboard.press('Escape');
    await page.getByTestId('command-answer').waitFor({ state: 'hidden' });

    const change = await connect();
    await change.query('DELETE FROM heroes');
    await change.end();

    await backups.getByRole('button', { name: 'Restore' }).first().click();
    await visible(page.getByText('replaces all of its data with this backup'));
    await shot('restore-confirm');
    await page.getByRole('dialog').getByRole('button', { name: /OK|Restore/ }).last().click();
    let restoredAt: string | undefined;
    for (let i = 0; i < 300 && !restoredAt; i++) {
      const found = (await call('GET', `/databases/${db.id}/backups`)) as { items: { restoredAt?: string }[] };
      restoredAt = found.items[0]?.restoredAt;
      if (!restoredAt) await new Promise((r) => setTimeout(r, 200));
    }
    // The restore was taken and ended (a refused dialog leaves the backup never restored).
    expect(restoredAt).toBeTruthy();
    const after = await connect();
    expect((await after.query('SELECT name, level FROM heroes ORDER BY level DESC')).rows).toEqual([
      { name: 'knight', level: 12 },
      { name: 'archer', level: 9 },
    ]);
    await after.end();
  }, 180_000);
});
