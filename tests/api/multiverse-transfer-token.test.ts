import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { basicOf } from './harness';
import { echoArchive, startMultiverse, until, type MultiverseHarness } from './multiverse-fixtures';

let h: MultiverseHarness;
let archive: Uint8Array;
let other: { otherAppId: string; otherBasic: string };

interface Token {
  url: string;
  method: string;
  headers: Record<string, string>;
  key: string;
  expiresAt: string;
}

const tokenFor = async (fileName: string, size: number) => {
  const res = await h.mv('GET', `${h.base}/images/transfer-token?${new URLSearchParams({ fileName, size: String(size) })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Token;
};
/** The upload a client makes with the token: its method, its headers, the bytes, at its address (this server's path). */
const put = (t: Token, bytes: Uint8Array) => {
  const url = new URL(t.url);
  return h.req({ method: 'PUT', url: `${url.pathname}${url.search}`, payload: Buffer.from(bytes), headers: t.headers });
};
const fromKey = (key: string, authorization: string, query: Record<string, string> = {}) =>
  h.req({ method: 'POST', url: `${h.base}/images?${new URLSearchParams({ key, ...query })}`, payload: Buffer.alloc(0), headers: { authorization, 'content-type': 'application/octet-stream' } });

let appBasic: string;

beforeAll(async () => {
  h = await startMultiverse('transfer');
  archive = await echoArchive();
  const owner = await createAccount(h.db, { email: 'transfer-other@example.com', password: 'other-password', name: 'Other' });
  const otherAppId = await createApp(h.db, await createOrganization(h.db, 'Transfer rival studio', owner), 'Rival game', ['multiverse']);
  const secret2 = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [otherAppId])).rows[0].app_service_secret;
  other = { otherAppId, otherBasic: basicOf(otherAppId, secret2) };
  const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [h.mvAppId])).rows[0].app_service_secret;
  appBasic = basicOf(h.mvAppId, secret);
});
afterAll(() => h.close());

describe('GET /images/transfer-token', () => {
  it('grants a signed PUT under the app, the archive uploaded with it becomes an image that builds', async () => {
    const t = await tokenFor('echo.zip', archive.length);
    expect(t.method).toBe('PUT');
    expect(t.key.startsWith(`apps/${h.mvAppId}/multiverse/images/`)).toBe(true);
    expect(t.key.endsWith('/echo.zip')).toBe(true);
    const up = await put(t, archive);
    expect(up.statusCode, up.body).toBe(200);
    const made = await fromKey(t.key, appBasic, { startCommand: 'node server.mjs' });
    expect(made.statusCode, made.body).toBe(201);
    const image = made.json();
    expect([image.status, image.fileName, image.name, image.size]).toEqual(['pending', 'echo.zip', 'echo', archive.length]);
    await h.build();
    const built = await until(() => h.mv('GET', `${h.base}/images/${image.id}`).then((r) => r.json()), (i) => ['success', 'failure'].includes(i.status));
    expect([built.status, built.files], JSON.stringify(built.logs)).toEqual(['success', 3]);
  });

  it("is another app's to use only by that app: a foreign key is not found, and the other app's token is its own", async () => {
    const t = await tokenFor('echo.zip', archive.length);
    expect((await put(t, archive)).statusCode).toBe(200);
    const foreign = await fromKey(t.key, other.otherBasic, { startCommand: 'node server.mjs' });
    expect(foreign.statusCode, foreign.body).toBe(404);
    const theirs = await h.req({ method: 'GET', url: `${h.base}/images/transfer-token?fileName=x.zip&size=10`, headers: { authorization: other.otherBasic } });
    expect(theirs.json().key.startsWith(`apps/${other.otherAppId}/`)).toBe(true);
  });

  it('refuses an archive not uploaded yet, a body and a key together, and bytes other than granted', async () => {
    const t = await tokenFor('late.zip', archive.length);
    expect((await fromKey(t.key, appBasic)).statusCode).toBe(404);
    const both = await h.req({ method: 'POST', url: `${h.base}/images?key=${encodeURIComponent(t.key)}`, payload: Buffer.from(archive), headers: { authorization: appBasic, 'content-type': 'application/zip' } });
    expect(both.statusCode, both.body).toBe(400);
    const short = await put(t, archive.slice(0, 10));
    expect(short.statusCode).toBe(400);
    const forged = new URL(t.url);
    forged.searchParams.set('size', String(archive.length + 1));
    const res = await h.req({ method: 'PUT', url: `${forged.pathname}${forged.search}`, payload: Buffer.from(archive), headers: t.headers });
    expect([res.statusCode, res.json().message]).toEqual([403, 'invalid signature']);
  });

  it('refuses an upload once the token has expired (15 minutes)', async () => {
    const t = await tokenFor('echo.zip', archive.length);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 16 * 60 * 1000);
      const res = await put(t, archive);
      expect([res.statusCode, res.json().message]).toEqual([403, 'link expired']);
    } finally {
      vi.useRealTimers();
    }
    expect((await fromKey(t.key, appBasic)).statusCode).toBe(404);
  });

  it('asks for an archive file name and its size', async () => {
    expect((await h.mv('GET', `${h.base}/images/transfer-token?fileName=notes.txt&size=10`)).statusCode).toBe(400);
    expect((await h.mv('GET', `${h.base}/images/transfer-token?fileName=a.zip`)).statusCode).toBe(400);
  });
});
