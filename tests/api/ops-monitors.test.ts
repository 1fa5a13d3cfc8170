import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhooksFor } from '../../server/ops/alerts';
import { startHarness, type Harness } from './harness';
import { call, countRows, fieldsOf, signInAll, waitFor, type Sessions } from './ops-fixtures';

let h: Harness;
let s: Sessions;
let receiver: Server;
let base: string;
/** Bodies the receiver got, by path. */
const received = new Map<string, unknown[]>();
const hits = (path: string) => received.get(path) ?? [];

beforeAll(async () => {
  h = await startHarness();
  s = await signInAll(h);
  receiver = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      received.set(req.url ?? '', [...hits(req.url ?? ''), JSON.parse(data)]);
      res.writeHead(req.url === '/refuses' ? 500 : 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const monitors = (cookie: string | undefined, body?: unknown) => call(h, body === undefined ? 'GET' : 'POST', '/api/chat-group-monitors', cookie, body);
const report = (appId: string, basic: string, operation: string) =>
  h.req({
    method: 'POST',
    url: '/api/service/operation/history',
    headers: { authorization: basic },
    payload: { serviceName: 'push', appId, operation, title: `${operation} done`, template: 'tpl', userName: 'ops' },
  });

describe('chat-group monitors', () => {
  let demoHook: string;

  it('lets administrators add monitors for one app or for every app', async () => {
    const demo = await monitors(s.admin, { Name: 'Demo alerts', WebhookUrl: `${base}/demo?token=secret-token`, AppId: h.appId });
    expect(demo.statusCode).toBe(201);
    expect(demo.json()).toMatchObject({ Name: 'Demo alerts', AppId: h.appId, AppName: 'Demo Game', CreatedBy: 'admin@example.com' });
    demoHook = demo.json().Id;
    expect((await monitors(s.admin, { Name: 'Everything', WebhookUrl: `${base}/all` })).json().AppId).toBeNull();
    expect((await monitors(s.admin, { Name: 'Other alerts', WebhookUrl: `${base}/other`, AppId: h.otherAppId })).statusCode).toBe(201);
    const list = await monitors(s.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().TotalCount).toBe(3);
    expect(list.json().Items.map((m: { Name: string }) => m.Name)).toEqual(['Other alerts', 'Everything', 'Demo alerts']);
  });

  it('matches an app to its own monitors and the all-apps ones', async () => {
    const forDemo = (await webhooksFor(h.db, h.appId)).map((w) => w.url);
    expect(forDemo.sort()).toEqual([`${base}/all`, `${base}/demo?token=secret-token`]);
    const forOther = (await webhooksFor(h.db, h.otherAppId)).map((w) => w.url);
    expect(forOther.sort()).toEqual([`${base}/all`, `${base}/other`]);
  });

  it('writes additions to the history without the webhook token', async () => {
    const res = await call(h, 'POST', '/api/operation/history', s.user, { AppId: h.appId, Action: 'monitor.create' });
    expect(res.json().TotalCount).toBe(1);
    const entry = res.json().Items[0];
    expect(entry.Actor).toBe('admin:admin@example.com');
    expect(JSON.stringify(entry.After)).not.toContain('secret-token');
  });

  it('refuses bad monitors with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ Name: 'x', WebhookUrl: 'ftp://example.com/hook' }, '/WebhookUrl'],
      [{ Name: 'x', WebhookUrl: 'not a url' }, '/WebhookUrl'],
      [{ Name: '', WebhookUrl: `${base}/x` }, '/Name'],
      [{ Name: 'x', WebhookUrl: `${base}/x`, AppId: 'no-such-app' }, '/AppId'],
      [{ Name: 'x' }, '/WebhookUrl'],
    ] as const) {
      const res = await monitors(s.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.json())).toContain(field);
    }
    expect(await countRows(h, 'chat_group_monitors')).toBe(3);
  });

  it('is for administrators only', async () => {
    expect((await monitors(s.user)).statusCode).toBe(403);
    expect((await monitors(undefined)).statusCode).toBe(401);
    expect((await monitors(s.user, { Name: 'mine', WebhookUrl: `${base}/mine`, AppId: h.appId })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', `/api/chat-group-monitors/${demoHook}`, s.user)).statusCode).toBe(403);
    expect((await call(h, 'DELETE', `/api/chat-group-monitors/${demoHook}`, s.other)).statusCode).toBe(403);
    expect(await countRows(h, 'chat_group_monitors')).toBe(3);
  });

  it('delivers reported operations to the matching webhooks', async () => {
    expect((await report(h.appId, h.basic, 'version.publish')).statusCode).toBe(201);
    await waitFor(() => hits('/demo?token=secret-token').length === 1 && hits('/all').length === 1);
    expect(hits('/demo?token=secret-token')[0]).toEqual({
      serviceName: 'push',
      appId: h.appId,
      appName: 'Demo Game',
      operation: 'version.publish',
      title: 'version.publish done',
      template: 'tpl',
      userName: 'ops',
    });
    expect((await report(h.otherAppId, h.otherBasic, 'version.rollback')).statusCode).toBe(201);
    await waitFor(() => hits('/other').length === 1 && hits('/all').length === 2);
    expect(hits('/other')[0]).toMatchObject({ appId: h.otherAppId, appName: 'Other Game', operation: 'version.rollback' });
    expect(hits('/demo?token=secret-token')).toHaveLength(1);
  });

  it('answers the report even when a webhook fails or does not exist', async () => {
    await monitors(s.admin, { Name: 'Refuses', WebhookUrl: `${base}/refuses`, AppId: h.appId });
    await monitors(s.admin, { Name: 'Gone', WebhookUrl: 'http://127.0.0.1:1/nothing-listens', AppId: h.appId });
    const res = await report(h.appId, h.basic, 'server.restart');
    expect(res.statusCode).toBe(201);
    await waitFor(() => hits('/refuses').length === 1);
    const stored = await countRows(h, 'audit_log', "action = 'server.restart' AND app_id = $1", [h.appId]);
    expect(stored).toBe(1);
  });

  it('removes a monitor once, recording it', async () => {
    const res = await call(h, 'DELETE', `/api/chat-group-monitors/${demoHook}`, s.admin);
    expect(res.statusCode).toBe(204);
    expect((await call(h, 'DELETE', `/api/chat-group-monitors/${demoHook}`, s.admin)).statusCode).toBe(404);
    expect((await webhooksFor(h.db, h.appId)).map((w) => w.url)).not.toContain(`${base}/demo?token=secret-token`);
    const history = await call(h, 'POST', '/api/operation/history', s.admin, { Action: 'monitor.delete' });
    expect(history.json().Items[0]).toMatchObject({ Target: demoHook, AppId: h.appId });
  });
});
