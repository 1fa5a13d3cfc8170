import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadGrant } from '../../resources/ops-api';
import { Signer } from '../../server/blob/signing';
import { downloadParts, uploadParts } from '../../server/blob/store';
import { startHarness, type Harness } from './harness';
import { call, fieldsOf, signInAll, type Sessions } from './ops-fixtures';

let h: Harness;
let s: Sessions;
let root: string;
let blobDir: string;
/** Signs as the server does: the same key, read from the same database. */
let signer: Signer;

const grant = (cookie: string | undefined, body: Record<string, unknown>) => call(h, 'POST', '/api/cos-token', cookie, body);
const zip = (size: number) => ({ AppId: h.appId, FileName: '存档 1.zip', ContentType: 'application/zip', Size: size });
/** The path and query of a link the server handed out. */
const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const put = (url: string, bytes: Buffer, type = 'application/zip') =>
  h.req({ method: 'PUT', url: local(url), payload: bytes, headers: { 'content-type': type } });
const unix = (ms: number) => Math.floor(ms / 1000);

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

beforeAll(async () => {
  h = await startHarness();
  s = await signInAll(h);
  root = mkdtempSync(join(tmpdir(), 'lodestar-blob-'));
  blobDir = join(root, 'blobs');
  h.ctx.config.blobDir = blobDir;
  writeFileSync(join(root, 'secret.txt'), 'outside the blob directory');
  signer = new Signer(h.db, () => h.ctx.config.secretKey);
});
afterAll(async () => {
  await h.close();
  rmSync(root, { recursive: true, force: true });
});

describe('upload grants', () => {
  it('grants a member a short-lived signed PUT link under the app', async () => {
    const res = await grant(s.user, zip(1000));
    expect(res.statusCode).toBe(200);
    const g = res.json() as UploadGrant;
    expect(g.Method).toBe('PUT');
    expect(g.Headers).toEqual({ 'Content-Type': 'application/zip' });
    expect(g.Key).toMatch(new RegExp(`^apps/${h.appId}/\\d{4}-\\d{2}-\\d{2}/[0-9a-f]{24}/1\\.zip$`));
    const expires = Date.parse(g.ExpiresAt);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    const url = new URL(g.Url);
    expect(url.pathname).toBe('/blob/upload');
    expect(url.searchParams.get('key')).toBe(g.Key);
    expect(url.searchParams.get('size')).toBe('1000');
  });

  it("refuses another organisation's member and a missing session; lets an administrator through", async () => {
    expect((await grant(s.other, zip(10))).statusCode).toBe(403);
    expect((await grant(s.user, { ...zip(10), AppId: h.otherAppId })).statusCode).toBe(403);
    expect((await grant(undefined, zip(10))).statusCode).toBe(401);
    expect((await grant(s.admin, zip(10))).statusCode).toBe(200);
  });

  it('refuses bad requests with 400 naming the field, and files over the size limit', async () => {
    for (const [body, field] of [
      [{ ...zip(10), FileName: '' }, '/FileName'],
      [{ ...zip(10), ContentType: 'zip' }, '/ContentType'],
      [{ ...zip(10), Size: 0 }, '/Size'],
      [{ ...zip(10), Size: 1.5 }, '/Size'],
      [{ ...zip(10), Path: '../x' }, '/Path'],
      [zip(h.ctx.config.uploadLimitBytes + 1), '/Size'],
    ] as const) {
      const res = await grant(s.user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.json())).toContain(field);
    }
  });

  it('keeps JSON the only body the grant call accepts', async () => {
    const res = await h.req({ method: 'POST', url: '/api/cos-token', payload: 'abc', headers: { cookie: s.user, 'content-type': 'application/octet-stream' } });
    expect(res.statusCode).toBe(415);
  });
});

describe('uploading and downloading', () => {
  it('round-trips the bytes: grant, upload, download (past the 1 MB limit of JSON bodies)', async () => {
    const bytes = randomBytes(1_500_000);
    const g = (await grant(s.user, zip(bytes.length))).json() as UploadGrant;
    const up = await put(g.Url, bytes);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ Key: g.Key, Size: bytes.length });
    expect(filesUnder(blobDir)).toEqual([g.Key]);
    const down = await h.req({ method: 'GET', url: local(g.DownloadUrl) });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(bytes)).toBe(true);
    expect(down.headers['content-type']).toBe('application/zip');
    expect(down.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('存档 1.zip')}`);
    const history = await call(h, 'POST', '/api/operation/history', s.user, { AppId: h.appId, Action: 'blob' });
    const uploaded = history.json().Items.find((i: { Action: string; Target: string }) => i.Action === 'blob.upload' && i.Target === g.Key);
    expect(uploaded.Actor).toBe('user:demo@example.com');
  });

  it('refuses more bytes than granted, fewer, and another content type, leaving no file', async () => {
    const g = (await grant(s.user, zip(100))).json() as UploadGrant;
    const more = await put(g.Url, randomBytes(101));
    expect(more.statusCode).toBe(413);
    const fewer = await put(g.Url, randomBytes(99));
    expect(fewer.statusCode).toBe(400);
    const other = await put(g.Url, randomBytes(100), 'text/html');
    expect(other.statusCode).toBe(400);
    expect(fieldsOf(other.json())).toEqual(['headers.content-type']);
    expect(filesUnder(blobDir).filter((f) => f.startsWith(g.Key))).toEqual([]);
  });

  it('refuses a tampered link: another size, type, key or signature', async () => {
    const g = (await grant(s.user, zip(100))).json() as UploadGrant;
    const tamper = (name: string, value: string) => {
      const u = new URL(g.Url);
      u.searchParams.set(name, value);
      return u.toString();
    };
    const cases: [string, Buffer, string][] = [
      [tamper('size', '101'), randomBytes(101), 'application/zip'],
      [tamper('type', 'text/html'), randomBytes(100), 'text/html'],
      [tamper('key', `apps/${h.otherAppId}/2025-01-01/0123/evil.zip`), randomBytes(100), 'application/zip'],
      [tamper('sig', 'A'.repeat(43)), randomBytes(100), 'application/zip'],
    ];
    for (const [url, bytes, type] of cases) {
      const res = await put(url, bytes, type);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('invalid signature');
    }
    const forgedDownload = new URL(g.DownloadUrl);
    forgedDownload.searchParams.set('expires', String(unix(Date.now()) + 999_999));
    expect((await h.req({ method: 'GET', url: local(forgedDownload.toString()) })).statusCode).toBe(403);
  });

  it('refuses expired links, even correctly signed ones', async () => {
    const key = `apps/${h.appId}/2025-01-01/abcdef/old.zip`;
    const past = unix(Date.now() - 60_000);
    const sig = await signer.sign(uploadParts(key, past, 3, 'application/zip'));
    const query = new URLSearchParams({ key, expires: String(past), size: '3', type: 'application/zip', sig });
    const res = await h.req({ method: 'PUT', url: `/blob/upload?${query}`, payload: Buffer.from('abc'), headers: { 'content-type': 'application/zip' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('link expired');
    const dsig = await signer.sign(downloadParts(key, past));
    expect((await h.req({ method: 'GET', url: `/blob/${key}?expires=${past}&sig=${dsig}` })).statusCode).toBe(403);
  });

  it('never leaves the blob directory, even with a signed key that tries', async () => {
    const future = unix(Date.now() + 60_000);
    for (const key of ['apps/x/../../secret.txt', '../secret.txt', 'apps/x/.hidden/a', `/etc/passwd`]) {
      const sig = await signer.sign(uploadParts(key, future, 3, 'text/plain'));
      const query = new URLSearchParams({ key, expires: String(future), size: '3', type: 'text/plain', sig });
      const res = await h.req({ method: 'PUT', url: `/blob/upload?${query}`, payload: Buffer.from('pwn'), headers: { 'content-type': 'text/plain' } });
      expect(res.statusCode, key).toBe(400);
      expect(fieldsOf(res.json())).toEqual(['query.key']);
    }
    const key = 'apps/x/%2e%2e/%2e%2e/secret.txt';
    const sig = await signer.sign(downloadParts('apps/x/../../secret.txt', future));
    const down = await h.req({ method: 'GET', url: `/blob/${key}?expires=${future}&sig=${sig}` });
    expect(down.statusCode).not.toBe(200);
    expect(down.body).not.toContain('outside the blob directory');
    expect(filesUnder(root)).not.toContain('blobs/secret.txt');
  });

  it('answers 404 for a signed link to nothing stored', async () => {
    const g = (await grant(s.user, zip(5))).json() as UploadGrant;
    expect((await h.req({ method: 'GET', url: local(g.DownloadUrl) })).statusCode).toBe(404);
  });
});

describe('the signing key', () => {
  it('is generated once and kept in the database, so a restarted server accepts its links', async () => {
    const again = new Signer(h.db, () => '');
    const parts = downloadParts('apps/a/b', 123);
    expect(await again.sign(parts)).toBe(await signer.sign(parts));
    const rows = await h.db.query("SELECT 1 FROM server_secrets WHERE name = 'signing-key'");
    expect(rows.rows).toHaveLength(1);
  });

  it('is SECRET_KEY when that is set', async () => {
    const parts = downloadParts('apps/a/b', 123);
    const configured = new Signer(h.db, () => 'a-configured-secret');
    expect(await configured.sign(parts)).not.toBe(await signer.sign(parts));
    expect(await configured.verify(parts, await new Signer(h.db, () => 'a-configured-secret').sign(parts))).toBe(true);
  });
});

describe('S3-compatible storage', () => {
  it('presigns a PUT straight to the bucket, binding the content type and length', async () => {
    h.ctx.config.s3 = { endpoint: 'http://127.0.0.1:9000', bucket: 'uploads', region: 'us-east-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'example-secret' };
    try {
      const res = await grant(s.user, zip(4096));
      expect(res.statusCode).toBe(200);
      const g = res.json() as UploadGrant;
      const url = new URL(g.Url);
      expect(url.origin).toBe('http://127.0.0.1:9000');
      expect(url.pathname).toBe(`/uploads/${g.Key}`);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
      expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
      expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\//);
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      const down = new URL(g.DownloadUrl);
      expect(down.pathname).toBe(`/uploads/${g.Key}`);
      expect(down.searchParams.get('X-Amz-Expires')).toBe('86400');
    } finally {
      h.ctx.config.s3 = undefined;
    }
  });
});
