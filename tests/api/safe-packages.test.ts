import { createHash, createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safe } from '../../resources/safe';
import { signingIdentity } from '../../server/packages/build/index';
import { apkOf, DEX, startSafe, type SafeHarness } from './safe-fixtures';

let h: SafeHarness;
const colons = (b: Buffer) => createHash('sha1').update(b).digest('hex').toUpperCase().match(/../g)!.join(':');
const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

beforeAll(async () => {
  h = await startSafe('packages');
});
afterAll(() => h.close());

describe('enable, info, config', () => {
  it('every call answers 404 until the app enables Safe; enable makes the record once, for the caller\'s own app only', async () => {
    expect((await h.safeSvc('GET', `${h.base}/info`)).statusCode).toBe(404);
    const before = await h.safeSvc('GET', `${h.base}/detect-list`);
    expect([before.statusCode, before.json().message]).toEqual([404, 'safe is not enabled for this app']);
    const first = await h.safeSvc('POST', `${h.base}/enable`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().id).toBe(h.safeAppId);
    const again = await h.safeSvc('POST', `${h.base}/enable`);
    expect(again.json().version).toBe(first.json().version);
    expect((await h.safeSvc('POST', `${safe.base}/safe/${h.appId}/enable`)).statusCode).toBe(404);
  });

  it('info and config are read and replaced as parts of the record', async () => {
    const info = await h.safeSvc('PUT', `${h.base}/info`, { info: { appName: 'Safe Game', packageName: 'com.example.safegame' } });
    expect(info.statusCode, info.body).toBe(200);
    expect((await h.safeSvc('GET', `${h.base}/info`)).json().info).toEqual({ appName: 'Safe Game', packageName: 'com.example.safegame' });
    const bad = await h.safeSvc('PUT', `${h.base}/config`, { config: { minTargetSdk: 0 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('SHA-1 list', () => {
  it('takes either form of a fingerprint, keeps one form, refuses the same signer twice and a malformed one', async () => {
    const plain = colons(h.signer.certificateDer).replace(/:/g, '').toLowerCase();
    const added = await h.safeSvc('POST', `${h.base}/sha1`, { sha1: plain, note: 'release key' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().fingerprint).toBe(colons(h.signer.certificateDer));
    const twice = await h.safeSvc('POST', `${h.base}/sha1`, { sha1: colons(h.signer.certificateDer) });
    expect(twice.statusCode).toBe(409);
    const malformed = await h.safeSvc('POST', `${h.base}/sha1`, { sha1: 'AB:CD:not-a-fingerprint-at-all-but-long-enough-to-try' });
    expect([malformed.statusCode, malformed.json().details[0].field]).toEqual([400, '/sha1']);
    const other = await h.safeSvc('POST', `${h.base}/sha1`, { sha1: '00'.repeat(20) });
    const list = await h.safeSvc('GET', `${h.base}/sha1`);
    expect(list.json().items.map((e: { fingerprint: string }) => e.fingerprint)).toEqual([colons(h.signer.certificateDer), Array(20).fill('00').join(':')]);
    const removed = await h.safeSvc('DELETE', `${h.base}/sha1?id=${other.json().id}`);
    expect(removed.json()).toEqual({ deleted: 1 });
    expect((await h.safeSvc('GET', `${h.base}/sha1`)).json().total).toBe(1);
  });
});

describe('protect', () => {
  it('reads the package at once: its signer (registered), its risks; the job signs its integrity manifest, which a game verifies with the served key', async () => {
    const res = await h.protect(apkOf(h, { debuggable: true }), { fileName: 'game-1.0.0.apk' });
    expect(res.statusCode, res.body).toBe(202);
    const p = res.json();
    expect(p).toMatchObject({ status: 'processing', fileName: 'game-1.0.0.apk', kind: 'apk', package: 'com.example.safegame', versionCode: 100, signerSha1: colons(h.signer.certificateDer), signatureVerified: true, signerRegistered: true, highestSeverity: 'high' });
    expect(p.risks.map((r: { code: string; severity: string }) => [r.code, r.severity])).toEqual([['debuggable', 'high']]);
    expect((await h.safeSvc('GET', `${h.base}/protections/${p.id}/status`)).json().status).toBe('processing');

    await h.runJobs();
    const status = (await h.safeSvc('GET', `${h.base}/protections/${p.id}/status`)).json();
    expect(status).toMatchObject({ status: 'succeed', hardening: 'manifest' });
    const logs = (await h.safeSvc('GET', `${h.base}/protections/${p.id}/logs`)).json();
    expect(logs.logs.map((l: { line: string }) => l.line).join('\n')).toContain(`integrity manifest signed with key`);

    const link = await h.safeSvc('GET', `${h.base}/token-url?protectionId=${p.id}`);
    expect(link.statusCode, link.body).toBe(200);
    const got = await h.req({ method: 'GET', url: local(link.json().url) });
    expect(got.statusCode, got.body).toBe(200);
    const manifest = got.json();
    const key = (await h.safeSvc('GET', `${h.base}/manifest-key`)).json();
    expect(verify(null, Buffer.from(manifest.signed), createPublicKey(key.publicKeyPem), Buffer.from(manifest.signature, 'base64'))).toBe(true);
    expect(createHash('sha256').update(manifest.signed).digest('hex')).toBe(status.manifestSha256);
    const signed = JSON.parse(manifest.signed);
    expect(signed.entries).toContainEqual(['classes.dex', DEX.length, createHash('sha256').update(DEX).digest('hex')]);
    expect(signed.keyId).toBe(key.keyId);
    // A changed manifest no longer verifies.
    expect(verify(null, Buffer.from(manifest.signed.replace('classes.dex', 'classes2.dex')), createPublicKey(key.publicKeyPem), Buffer.from(manifest.signature, 'base64'))).toBe(false);
    const forgedLink = link.json().url.replace(/sig=[^&]+/, 'sig=forged');
    expect((await h.req({ method: 'GET', url: local(forgedLink) })).statusCode).toBe(403);
  });

  it('a forged signature and an unknown signer are risks, and the package is kept as checked', async () => {
    const stranger = signingIdentity('Stranger');
    const forged = (await h.protect(apkOf(h, {}, { forgedBy: stranger }))).json();
    expect([forged.signatureVerified, forged.risks.map((r: { code: string }) => r.code)]).toEqual([false, ['signature-invalid', 'signature-invalid']]);
    const unknown = (await h.protect(apkOf(h, {}, { signer: stranger }))).json();
    expect([unknown.signerRegistered, unknown.risks]).toEqual([false, [{ code: 'signer-unregistered', severity: 'high', detail: colons(stranger.certificateDer) }]]);
    const other = (await h.protect(apkOf(h, { package: 'com.example.othergame' }))).json();
    expect(other.risks.map((r: { code: string }) => r.code)).toEqual(['package-mismatch']);
  });

  it('what is not a package, a zip bomb and a file of another type are refused with nothing kept', async () => {
    const before = (await h.safeSvc('GET', `${h.base}/protections`)).json().total;
    const text = await h.protect(Buffer.from('just some text, not a package at all'));
    expect([text.statusCode, text.json().message]).toEqual([400, 'not an installation package']);
    const bomb = await h.protect(apkOf(h, {}, { level: 9, files: { 'assets/zeros.bin': new Uint8Array(8 * 1024 * 1024) } }));
    expect([bomb.statusCode, bomb.json().message]).toEqual([413, 'the package is compressed beyond the allowed ratio']);
    const typed = await h.protect(apkOf(h), { type: 'text/plain' });
    expect(typed.statusCode).toBe(415);
    const limit = h.ctx.config.uploadLimitBytes;
    h.ctx.config.uploadLimitBytes = 1000;
    const large = await h.protect(apkOf(h));
    h.ctx.config.uploadLimitBytes = limit;
    expect(large.statusCode).toBe(413);
    expect((await h.safeSvc('GET', `${h.base}/protections`)).json().total).toBe(before);
  });
});
