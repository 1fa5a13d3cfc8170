import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funcStateless } from '../../resources/func-stateless';
import { modelOf } from '../../server/context';
import { tableOf } from '../../server/engine/sql';
import { runDueTimers } from '../../server/services/func-stateless/triggers';
import { startHarness, type Harness } from './harness';

const F = `${funcStateless.base}/func-stateless/functions`;
let h: Harness;
let upstream: Server;
let port = 0;

beforeAll(async () => {
  h = await startHarness();
  // An allowed host for the fetch bridge: answers its path, or redirects to another host.
  upstream = createServer((req, res) => {
    if (req.url === '/away') res.writeHead(302, { location: 'http://example.com/' }).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const a = upstream.address();
  port = typeof a === 'object' && a ? a.port : 0;
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
  await h.close();
});

/** A function with this handler's body deployed, and its id. */
async function deployed(name: string, body: string, config: Record<string, unknown> = {}): Promise<string> {
  const made = await h.svc('POST', F, { name, ...config });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().id;
  const res = await h.svc('PUT', `${F}/${id}/scf`, { files: { 'index.js': `exports.handler = async (event, context) => { ${body} };` } });
  expect(res.statusCode, res.body).toBe(201);
  return id;
}
const invoke = async (id: string, event: unknown = {}) => {
  const res = await h.svc('POST', `${F}/${id}/invoke`, { event });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the sandbox', () => {
  it('stops an endless loop at the time limit, synchronous or not', async () => {
    const loop = await invoke(await deployed('loop', 'while (true) {}', { timeoutMs: 200 }));
    expect(loop).toMatchObject({ status: 'timeout' });
    const spin = await invoke(await deployed('spin', 'for (;;) await null;', { timeoutMs: 200 }));
    expect(spin.status).toBe('timeout');
  });

  it('stops a function allocating past its memory limit', async () => {
    const bomb = await invoke(await deployed('bomb', 'const keep = []; for (;;) keep.push(new Array(100000).fill(1));', { memoryMb: 32 }));
    expect(bomb.status).toBe('memory');
    expect(bomb.memoryBytes).toBeLessThanOrEqual(32 * 1024 * 1024);
    const text = await invoke(await deployed('text-bomb', "let s = 'x'; for (;;) s = s + s;", { memoryMb: 32 }));
    expect(['memory', 'error']).toContain(text.status);
  });

  it('gives no process, no modules but its own, no dynamic import and no host bridges', async () => {
    const id = await deployed(
      'escape',
      `const tries = {};
       tries.process = typeof process;
       tries.globalProcess = typeof globalThis.process;
       tries.bridges = [typeof __hostFetch, typeof __hostLog, typeof __hostSleep];
       try { require('fs'); tries.fs = 'loaded'; } catch (e) { tries.fs = String(e.message); }
       try { require('child_process'); tries.child = 'loaded'; } catch (e) { tries.child = String(e.message); }
       try { await import('os'); tries.os = 'loaded'; } catch (e) { tries.os = String(e.message); }
       try { tries.ctor = typeof (function () {}).constructor('return this')().process; } catch (e) { tries.ctor = 'refused'; }
       return tries;`,
    );
    const res = await invoke(id);
    expect(res.status).toBe('success');
    expect(res.result).toEqual({
      process: 'undefined',
      globalProcess: 'undefined',
      bridges: ['undefined', 'undefined', 'undefined'],
      fs: "Cannot find module 'fs'",
      child: "Cannot find module 'child_process'",
      os: "could not load module 'os'",
      ctor: 'undefined',
    });
  });

  it('refuses a fetch to a host not allowed, and fetches from one that is (without following a redirect away)', async () => {
    const closed = await invoke(await deployed('closed', "return (await fetch('https://example.com/')).status;"));
    expect(closed).toMatchObject({ status: 'error', error: 'Error: host not allowed: example.com' });
    const open = await deployed('open', "const r = await fetch(event.url); return { status: r.status, body: r.status === 200 ? await r.json() : null };", { allowedHosts: ['127.0.0.1'] });
    expect((await invoke(open, { url: `http://127.0.0.1:${port}/hello` })).result).toEqual({ status: 200, body: { path: '/hello' } });
    expect((await invoke(open, { url: `http://127.0.0.1:${port}/away` })).result).toEqual({ status: 302, body: null });
    expect((await invoke(open, { url: 'http://localhost/' })).error).toBe('Error: host not allowed: localhost');
  });

  it('logs each invocation with its output, and lists, searches and shows the logs', async () => {
    const id = await deployed('talker', "console.log('saying', event.word); console.error('oops'); if (event.fail) throw new Error('asked to fail'); return event.word;");
    await invoke(id, { word: 'apple' });
    await invoke(id, { word: 'banana', fail: true });
    const failed = await invoke(id, { word: 'cherry', fail: true });
    expect(failed).toMatchObject({ status: 'error', error: 'Error: asked to fail' });
    expect(failed.logs.map((l: { level: string; message: string }) => [l.level, l.message])).toEqual([['log', 'saying cherry'], ['error', 'oops']]);

    const all = (await h.svc('POST', `${F}/${id}/logs/list`, {})).json();
    expect(all.total).toBe(3);
    expect(all.items.map((i: { status: string }) => i.status)).toEqual(['error', 'error', 'success']);
    expect((await h.svc('POST', `${F}/${id}/logs/list`, { status: 'success' })).json().total).toBe(1);
    const found = (await h.svc('POST', `${F}/${id}/logs/search`, { q: 'BANANA' })).json();
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({ status: 'error', trigger: 'console', versionNumber: 1 });
    const detail = await h.svc('POST', `${F}/${id}/logs/detail`, { requestId: failed.requestId });
    expect(detail.json()).toMatchObject({ id: failed.requestId, error: 'Error: asked to fail', event: '{"word":"cherry","fail":true}' });
    expect((await h.svc('POST', `${F}/${id}/logs/detail`, { requestId: 'nope' })).statusCode).toBe(404);
  });
});

describe('environment, gateway and triggers', () => {
  it('keeps the default environment sealed: names answered, values only inside the function', async () => {
    const id = await deployed('env', 'return context.env;');
    const set = await h.svc('PUT', `${F}/${id}/default-env`, { variables: { API_KEY: 'sekrit-1', '1st-key': 'v' } });
    expect(set.json()).toEqual({ envKeys: ['API_KEY', '_1st_key'] });
    const fn = await h.svc('GET', `${F}/${id}`);
    expect(fn.json().envKeys).toEqual(['API_KEY', '_1st_key']);
    expect(fn.body).not.toContain('sekrit-1');
    const stored = await h.db.query<{ data: { sealed: string } }>(`SELECT data FROM ${tableOf(modelOf(h.ctx, 'func-stateless', 'environments'))} WHERE data->>'functionId' = $1`, [id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].data.sealed).toMatch(/^v1:/);
    expect(JSON.stringify(stored.rows)).not.toContain('sekrit-1');
    expect((await invoke(id)).result).toEqual({ API_KEY: 'sekrit-1', _1st_key: 'v' });
  });

  it('serves the function at its gateway address while the gateway is on, within its rate limit', async () => {
    const id = await deployed('web', "return event.queryString.raw ? { statusCode: 201, headers: { 'x-made': 'yes' }, body: 'made' } : { method: event.httpMethod, q: event.queryString, body: event.body };");
    const url = `${funcStateless.base}/func-stateless/gateway/${h.appId}/web`;
    expect((await h.req({ method: 'GET', url })).statusCode).toBe(404);
    const on = await h.svc('PUT', `${F}/${id}/gateway`, { enabled: true, rateLimitPerMinute: 3 });
    expect(on.json().gateway).toMatchObject({ enabled: true, rateLimitPerMinute: 3, path: url });
    const got = await h.req({ method: 'GET', url: `${url}?a=1` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ method: 'GET', q: { a: '1' }, body: null });
    const posted = await h.req({ method: 'POST', url, payload: { hi: 1 } });
    expect(posted.json()).toMatchObject({ method: 'POST', body: { hi: 1 } });
    const raw = await h.req({ method: 'GET', url: `${url}?raw=1` });
    expect([raw.statusCode, raw.headers['x-made'], raw.body]).toEqual([201, 'yes', 'made']);
    expect((await h.req({ method: 'GET', url })).statusCode).toBe(429);
    const usage = (await h.svc('GET', `${F}/${id}/api-gateway-usage`)).json();
    expect([usage.requests, usage.limited]).toEqual([4, 1]);
    await h.svc('PUT', `${F}/${id}/gateway`, { enabled: false });
    expect((await h.req({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('runs a timer trigger when its time has come, and not once disabled', async () => {
    const id = await deployed('ticker', "return event.kind;");
    expect((await h.svc('POST', `${F}/${id}/triggers`, { name: 'bad', cron: 'every minute' })).statusCode).toBe(400);
    const made = await h.svc('POST', `${F}/${id}/triggers`, { name: 'minutely', cron: '* * * * *', payload: '{"kind":"tick"}' });
    expect(made.statusCode, made.body).toBe(201);
    expect((await h.svc('GET', `${F}/${id}/trigger/list`)).json().items).toMatchObject([{ name: 'minutely', enabled: true }]);
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await runDueTimers(h.ctx, later)).toBeGreaterThanOrEqual(1);
    expect(await runDueTimers(h.ctx, later)).toBe(0);
    const logs = (await h.svc('POST', `${F}/${id}/logs/list`, {})).json();
    expect(logs.items).toMatchObject([{ trigger: 'timer', status: 'success', result: '"tick"' }]);
    await h.svc('POST', `${F}/${id}/triggers/disable`, { name: 'minutely' });
    // Other apps' timers (the demo's) may come due in those ten minutes: this function's runs are what is counted.
    await runDueTimers(h.ctx, new Date(Date.now() + 10 * 60_000));
    expect((await h.svc('POST', `${F}/${id}/logs/list`, {})).json().items).toHaveLength(1);
  });

  it('meters invocations, GB-seconds and traffic for billing and the usage calls', async () => {
    const id = await deployed('metered', 'return 1;', { memoryMb: 128 });
    for (let i = 0; i < 3; i++) await invoke(id);
    const usage = (await h.svc('GET', `${F}/${id}/scf-usage`)).json();
    expect(usage).toMatchObject({ invocations: 3, errors: 0 });
    expect(usage.gbSeconds).toBeGreaterThan(0);
    const days = (await h.svc('GET', `${F}/${id}/daily-usage`)).json().days;
    expect(days.reduce((s: number, d: { invocations: number }) => s + d.invocations, 0)).toBe(3);
    const top = (await h.svc('GET', `${funcStateless.base}/func-stateless/metrics/topk?k=100`)).json().items;
    expect(top.find((t: { name: string }) => t.name === 'metered')).toMatchObject({ invocations: 3 });
    const agg = (await h.svc('GET', `${funcStateless.base}/func-stateless/metrics/aggregation`)).json();
    expect(agg.invocations).toBeGreaterThanOrEqual(3);
    const billed = await h.db.query<{ meter: string; n: string }>(
      "SELECT meter, count(*)::text AS n FROM usage_events WHERE app_id = $1 AND service = 'func-stateless' GROUP BY meter ORDER BY meter",
      [h.appId],
    );
    expect(billed.rows.map((r) => r.meter)).toEqual(expect.arrayContaining(['invocation', 'resource', 'net']));
    const runtimes = await h.req({ method: 'GET', url: `${F}/runtimes?appId=${h.appId}` });
    expect(runtimes.json()).toMatchObject({ total: 1, items: [{ name: 'javascript-quickjs', available: true }] });
  });
});
