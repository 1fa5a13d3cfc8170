import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDemoGame, visible } from './browser';
import { callWith } from './server';
import { syncConsole } from './sync-app';
import { storage } from '../../resources/storage';

/**
 * A developer writes to a managed database and reads its metrics on its page: the samples the server took from the
 * database are charted (connections, size, operations), and a proxy address is opened from the page.
 */

// Sampled every two seconds, so the page has a series within the test.
process.env.STORAGE_METRICS_INTERVAL_SECONDS = '2';
const c = syncConsole('storage-metrics');
const PASSWORD = 'Metrics#Pass1';

describe('Storage database metrics on the console', () => {
  it('charts the samples of a database a client wrote to, and opens a proxy address from its page', async () => {
    const { server, page, shot } = c;
    await openDemoGame(page, server.url);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    const apps = (await (await page.request.get(`${server.url}/api/apps`)).json()) as { Items: { ProjectName: string; OrganizationId: string }[] };
    const org = apps.Items.find((a) => a.ProjectName === 'Demo Game')!.OrganizationId;
    const app = (await (await page.request.post(`${server.url}/api/app`, { data: { ProjectName: 'Metrics Game', OrganizationId: org } })).json()) as { AppId: string; AppServiceSecret: string };
    expect((await page.request.post(`${server.url}/api/app/${app.AppId}/service`, { data: { Service: 'storage' } })).ok()).toBe(true);
    const credential = `Basic ${Buffer.from(`${app.AppId}:${app.AppServiceSecret}`).toString('base64')}`;
    const call = (method: string, path: string, body?: unknown) => callWith(server.url, credential, method, `${storage.base}${path}`, body);

    const db = (await call('POST', '/databases', { name: 'game-main', engine: 'postgresql', region: 'ap-shanghai', instanceType: 's1', username: 'game', password: PASSWORD })) as Record<string, string>;
    for (let i = 0; i < 300 && (await call('GET', `/databases/${db.id}`)).status !== 'running'; i++) await new Promise((r) => setTimeout(r, 200));
    const client = new pg.Client({ host: db.host, port: Number(db.port), user: db.user, database: db.databaseName, password: PASSWORD });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('CREATE TABLE events (id serial PRIMARY KEY, body text NOT NULL)');
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 3; i++) await client.query("INSERT INTO events (body) SELECT repeat('x', 200) FROM generate_series(1, 3000)");
      await new Promise((r) => setTimeout(r, 2500));
    }
    const series = (await call('GET', `/databases/${db.id}/metrics`)) as { items: { sizeBytes: number }[] };
    expect(series.items.length).toBeGreaterThanOrEqual(3);
    expect(series.items.at(-1)!.sizeBytes).toBeGreaterThan(series.items[0].sizeBytes);

    await page.goto(`${server.url}/services/${app.AppId}/crud/storage/management/${db.id}`);
    const charts = page.getByTestId('record-chart');
    await visible(charts.getByText('Connections'));
    await visible(charts.getByText('Size'));
    await visible(charts.getByText('Operations'));
    expect(await charts.getByText('Keys', { exact: true }).count()).toBe(0);
    await page.waitForTimeout(1500);
    await shot('database');

    await page.getByRole('button', { name: 'Create proxy address' }).click();
    // The command's answer: the address just opened, in a dialog.
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('Proxy port'));
    const proxy = (await call('GET', `/databases/${db.id}`)) as { proxyPort?: number };
    expect(proxy.proxyPort).toBeGreaterThan(0);
    // Shown as a number (grouped, 15,432).
    await visible(dialog.getByText(new RegExp(`^${String(proxy.proxyPort).replace(/(\d)(?=(\d{3})+$)/g, '$1,?')}$`)));
    await shot('proxy');
    await client.end();
  }, 180_000);
});
