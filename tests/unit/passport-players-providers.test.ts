import { generateKeyPairSync, sign } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../server/engine/errors';
import { verifyAtProvider } from '../../server/services/passport/players/provider-verify';

afterEach(() => vi.restoreAllMocks());

const creds = { appKey: 'com.example.game', appSecret: 'secret' };

/** Answers the provider's endpoints from a table of URL prefixes, recording what was asked. */
function provider(answers: [prefix: string, body: unknown][]) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    asked.push(url);
    const hit = answers.find(([prefix]) => url.startsWith(prefix));
    return new Response(JSON.stringify(hit ? hit[1] : { error: 'unexpected' }), { status: hit ? 200 : 404 });
  });
  return asked;
}

const refusal = async (run: Promise<unknown>) => {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return (err as ApiError).status;
};

describe('Sign in with Apple', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'key-1', alg: 'RS256', use: 'sig' };
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const token = (claims: Record<string, unknown>, kid = 'key-1') => {
    const head = `${b64({ alg: 'RS256', kid })}.${b64(claims)}`;
    return `${head}.${sign('RSA-SHA256', Buffer.from(head), privateKey).toString('base64url')}`;
  };
  const good = { iss: 'https://appleid.apple.com', aud: creds.appKey, sub: '001234.abcdef', exp: Math.floor(Date.now() / 1000) + 600 };

  it("accepts an identity token signed by Apple's key for this app, naming its subject", async () => {
    const asked = provider([['https://appleid.apple.com/auth/keys', { keys: [jwk] }]]);
    expect(await verifyAtProvider('Apple', creds, { method: 'AccessToken', token: token(good) })).toEqual({ externalId: '001234.abcdef' });
    expect(asked).toEqual(['https://appleid.apple.com/auth/keys']);
  });

  it('refuses a token for another app, an expired one, a forged one or one signed by an unknown key', async () => {
    provider([['https://appleid.apple.com/auth/keys', { keys: [jwk] }]]);
    expect(await refusal(verifyAtProvider('Apple', creds, { method: 'AccessToken', token: token({ ...good, aud: 'com.other.app' }) }))).toBe(401);
    expect(await refusal(verifyAtProvider('Apple', creds, { method: 'AccessToken', token: token({ ...good, exp: Math.floor(Date.now() / 1000) - 1 }) }))).toBe(401);
    const [h, , s] = token(good).split('.');
    expect(await refusal(verifyAtProvider('Apple', creds, { method: 'AccessToken', token: `${h}.${b64({ ...good, sub: 'someone-else' })}.${s}` }))).toBe(401);
    expect(await refusal(verifyAtProvider('Apple', creds, { method: 'AccessToken', token: token(good, 'key-2') }))).toBe(401);
    expect(await refusal(verifyAtProvider('Apple', creds, { method: 'AccessToken', token: 'not-a-jwt' }))).toBe(401);
  });
});

describe('WeChat', () => {
  it("exchanges an OAuth code for the user's union id (or open id)", async () => {
    const asked = provider([['https://api.weixin.qq.com/sns/oauth2/access_token', { access_token: 'AT', openid: 'OPEN-1', unionid: 'UNION-1' }]]);
    expect(await verifyAtProvider('Wechat', creds, { method: 'OAuth', code: 'CODE' })).toEqual({ externalId: 'UNION-1' });
    const params = new URL(asked[0]).searchParams;
    expect(Object.fromEntries(params)).toEqual({ appid: creds.appKey, secret: creds.appSecret, code: 'CODE', grant_type: 'authorization_code' });
  });

  it('refuses a code WeChat rejects, and needs the openid to check an access token', async () => {
    provider([
      ['https://api.weixin.qq.com/sns/oauth2/access_token', { errcode: 40029, errmsg: 'invalid code' }],
      ['https://api.weixin.qq.com/sns/auth', { errcode: 0, errmsg: 'ok' }],
    ]);
    expect(await refusal(verifyAtProvider('Wechat', creds, { method: 'OAuth', code: 'BAD' }))).toBe(401);
    expect(await refusal(verifyAtProvider('Wechat', creds, { method: 'AccessToken', token: 'AT' }))).toBe(400);
    expect(await verifyAtProvider('Wechat', creds, { method: 'AccessToken', token: 'AT', openId: 'OPEN-9' })).toEqual({ externalId: 'OPEN-9' });
  });
});

describe('providers without a check here', () => {
  it('are refused rather than trusted', async () => {
    const asked = provider([]);
    for (const p of ['TapTap', 'Hykb', 'ServiceLogin']) expect(await refusal(verifyAtProvider(p, creds, { method: 'AccessToken', token: 't' }))).toBe(400);
    expect(asked).toEqual([]);
  });
});
