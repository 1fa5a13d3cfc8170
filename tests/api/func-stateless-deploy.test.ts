import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funcStateless } from '../../resources/func-stateless';
import { startHarness, type Harness } from './harness';

const F = `${funcStateless.base}/func-stateless/functions`;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const create = async (name: string, more: Record<string, unknown> = {}) => {
  const res = await h.svc('POST', F, { name, ...more });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string };
};
const deployFiles = (id: string, files: Record<string, string>, more: Record<string, unknown> = {}) => h.svc('PUT', `${F}/${id}/scf`, { files, ...more });
const invoke = (id: string, event: unknown = {}, more: Record<string, unknown> = {}) => h.svc('POST', `${F}/${id}/invoke`, { event, ...more });
const show = async (id: string) => (await h.svc('GET', `${F}/${id}`)).json();
const upload = (id: string, zip: Uint8Array, type = 'application/zip') =>
  h.req({ method: 'POST', url: `${F}/${id}/scf?description=from%20zip`, headers: { authorization: h.basic, 'content-type': type }, payload: Buffer.from(zip) });
const code = (answer: string) => `exports.handler = async (event) => (${answer});`;

describe('deploying and invoking', () => {
  it('makes an immutable version per content, moves the live alias, and runs the live version', async () => {
    const fn = await create('greeter');
    expect(fn.status).toBe('creating');
    expect((await invoke(fn.id)).statusCode).toBe(409);

    const v1 = await deployFiles(fn.id, { 'index.js': code("{ hello: event.name ?? 'world', v: 1 }") }, { description: 'first' });
    expect(v1.statusCode, v1.body).toBe(201);
    expect(v1.json()).toMatchObject({ number: 1, source: 'console', files: ['index.js'] });
    expect(v1.json().hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await show(fn.id)).toMatchObject({ status: 'active', liveVersion: 1, liveHash: v1.json().hash, versionCount: 1 });

    const first = await invoke(fn.id, { name: 'Ada' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', version: 1, result: { hello: 'Ada', v: 1 } });
    expect(first.json().durationMs).toBeGreaterThan(0);
    expect(first.json().memoryBytes).toBeGreaterThan(0);

    const v2 = await deployFiles(fn.id, { 'index.js': code('{ v: 2 }') });
    expect(v2.json().number).toBe(2);
    expect((await invoke(fn.id)).json().result).toEqual({ v: 2 });

    // The same content again is the same version: the alias moves to it, no version is made.
    const again = await deployFiles(fn.id, { 'index.js': code("{ hello: event.name ?? 'world', v: 1 }") });
    expect(again.json()).toMatchObject({ id: v1.json().id, number: 1 });
    expect(await show(fn.id)).toMatchObject({ liveVersion: 1, versionCount: 2 });

    const versions = (await h.svc('GET', `${F}/${fn.id}/versions`)).json();
    expect(versions.items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
  });

  it('rolls back, redeploys, syncs, and answers the live code', async () => {
    const fn = await create('rolling');
    for (const n of [1, 2, 3]) expect((await deployFiles(fn.id, { 'index.js': code(`{ v: ${n} }`) })).statusCode).toBe(201);
    const back = await h.svc('POST', `${F}/${fn.id}/rollback`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().liveVersion).toBe(2);
    expect((await invoke(fn.id)).json().result).toEqual({ v: 2 });
    expect((await h.svc('POST', `${F}/${fn.id}/rollback`, { version: 1 })).json().liveVersion).toBe(1);
    // A rollback goes back only; a redeploy may go to any version.
    expect((await h.svc('POST', `${F}/${fn.id}/rollback`, { version: 3 })).statusCode).toBe(409);
    expect((await h.svc('POST', `${F}/${fn.id}/scf-redeploy`, { version: 3 })).json().liveVersion).toBe(3);
    expect((await h.svc('POST', `${F}/${fn.id}/scf-redeploy`, { version: 9 })).statusCode).toBe(404);
    const live = (await h.svc('GET', `${F}/${fn.id}/scf`)).json();
    expect(live).toMatchObject({ liveVersion: 3, versionCount: 3, fileNames: ['index.js'], files: { 'index.js': code('{ v: 3 }') } });
    expect((await h.svc('POST', `${F}/${fn.id}/sync-function`, {})).json()).toMatchObject({ liveVersion: 3, versionCount: 3, status: 'active' });
  });

  it('refuses a disabled function, and runs it again once enabled', async () => {
    const fn = await create('switch');
    await deployFiles(fn.id, { 'index.js': code('1') });
    expect((await h.svc('POST', `${F}/${fn.id}/disable`, {})).json().status).toBe('disabled');
    const refused = await invoke(fn.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('the function is disabled');
    expect((await h.svc('POST', `${F}/${fn.id}/disable`, {})).statusCode).toBe(409);
    expect((await h.svc('POST', `${F}/${fn.id}/enable`, {})).json().status).toBe('active');
    expect((await invoke(fn.id)).json().result).toBe(1);
  });

  it('deletes the deployment: no versions, no code, no invocation until the next deploy', async () => {
    const fn = await create('gone');
    await deployFiles(fn.id, { 'index.js': code('1') });
    const deleted = await h.svc('DELETE', `${F}/${fn.id}/scf`);
    expect(deleted.json()).toMatchObject({ status: 'deleted', versionCount: 0 });
    expect(deleted.json().liveVersion).toBeUndefined();
    expect((await invoke(fn.id)).statusCode).toBe(409);
    expect((await h.svc('GET', `${F}/${fn.id}/versions`)).json().items).toEqual([]);
    expect((await deployFiles(fn.id, { 'index.js': code('2') })).json().number).toBe(1);
    expect((await invoke(fn.id)).json().result).toBe(2);
  });
});

describe('code zips and downloads', () => {
  it('takes a zip: its top folder dropped, node_modules, .git and .vscode and binary files left out', async () => {
    const fn = await create('zipped');
    const zip = zipSync({
      'app/index.js': strToU8("const lib = require('./lib/sum'); exports.handler = async (e) => ({ sum: lib.sum(e.values) });"),
      'app/lib/sum.js': strToU8('exports.sum = (xs) => xs.reduce((a, b) => a + b, 0);'),
      'app/node_modules/left/index.js': strToU8('module.exports = 1;'),
      'app/.git/HEAD': strToU8('ref: refs/heads/main'),
      'app/.vscode/settings.json': strToU8('{}'),
      'app/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x80]),
    });
    const res = await upload(fn.id, zip);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ number: 1, source: 'zip', description: 'from zip', files: ['index.js', 'lib/sum.js'] });
    expect(res.json().skipped).toEqual(['.git/HEAD', '.vscode/settings.json', 'logo.png', 'node_modules/left/index.js']);
    expect((await invoke(fn.id, { values: [1, 2, 3] })).json().result).toEqual({ sum: 6 });

    // Each version's code comes back as a zip through a signed link, and through a transfer token.
    const link = await h.svc('GET', `${F}/${fn.id}/get-code-url/1`);
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json().url);
    const zipRes = await h.req({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(zipRes.statusCode).toBe(200);
    const back = unzipSync(new Uint8Array(zipRes.rawPayload));
    expect(Object.keys(back).sort()).toEqual(['index.js', 'lib/sum.js']);
    expect(strFromU8(back['lib/sum.js'])).toContain('reduce');
    const tampered = `${url.pathname}${url.search.replace('version=1', 'version=2')}`;
    expect((await h.req({ method: 'GET', url: tampered })).statusCode).toBe(403);

    const transfer = (await h.svc('GET', `${F}/${fn.id}/get-transfer-token`)).json();
    const t = new URL(transfer.url);
    expect((await h.req({ method: 'GET', url: `${t.pathname}${t.search}&version=1` })).statusCode).toBe(200);
    expect((await h.req({ method: 'GET', url: `${t.pathname}?token=x${transfer.token}&version=1` })).statusCode).toBe(403);
  });

  it('refuses what is not a zip, a damaged zip, one without the entry file, and a path outside the root', async () => {
    const fn = await create('bad-zips');
    const notZip = await upload(fn.id, strToU8('just some text, no zip here'));
    expect(notZip.statusCode).toBe(400);
    const zip = zipSync({ 'index.js': strToU8('exports.handler = () => 1;') });
    const damaged = await upload(fn.id, zip.slice(0, zip.length - 30));
    expect(damaged.statusCode).toBe(400);
    const noEntry = await upload(fn.id, zipSync({ 'main.js': strToU8('exports.handler = () => 1;') }));
    expect(noEntry.statusCode).toBe(400);
    expect(noEntry.json().message).toBe('the entry file index.js is not in the package');
    expect((await upload(fn.id, zip, 'text/plain')).statusCode).toBe(415);
    const outside = await deployFiles(fn.id, { '../index.js': code('1') });
    expect(outside.statusCode).toBe(400);
    expect((await h.svc('GET', `${F}/${fn.id}/versions`)).json().items).toEqual([]);
    expect((await show(fn.id)).status).toBe('creating');
  });
});

describe('another app', () => {
  it("cannot read, deploy to or invoke this app's function", async () => {
    const fn = await create('private');
    await deployFiles(fn.id, { 'index.js': code('1') });
    const other = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => h.req({ method, url, headers: { authorization: h.otherBasic }, payload: payload as object });
    expect((await other('GET', `${F}/${fn.id}`)).statusCode).toBe(404);
    expect((await other('POST', `${F}/${fn.id}/invoke`, {})).statusCode).toBe(404);
    expect((await other('PUT', `${F}/${fn.id}/scf`, { files: { 'index.js': code('2') } })).statusCode).toBe(404);
    expect((await other('GET', `${F}/${fn.id}/scf`)).statusCode).toBe(404);
  });
});
