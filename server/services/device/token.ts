/**
 * A device client's token (`GET <base>/{appId}/token`): the app, its expiry and a signature by the deployment's
 * signing key, good for ten minutes, so a device client holds no lasting credential. `appOfToken` checks one.
 */
import type { Ctx } from '../../context';
import { Signer } from '../../blob/signing';
import type { CallHandlers } from '../../engine/declared-calls';

export const TOKEN_SECONDS = 600;
const PURPOSE = 'device-client';

const signers = new WeakMap<Ctx, Signer>();
function signer(ctx: Ctx): Signer {
  let s = signers.get(ctx);
  if (!s) signers.set(ctx, (s = new Signer(ctx.db, () => ctx.config.secretKey)));
  return s;
}

export async function issueToken(ctx: Ctx, appId: string, now = Date.now()): Promise<{ token: string; expiresAt: string; expiresIn: number }> {
  const expires = Math.floor(now / 1000) + TOKEN_SECONDS;
  const sig = await signer(ctx).sign([PURPOSE, appId, String(expires)]);
  return { token: `${appId}.${expires}.${sig}`, expiresAt: new Date(expires * 1000).toISOString(), expiresIn: TOKEN_SECONDS };
}

/** The app a token was issued for, or undefined when it is malformed, forged or expired. */
export async function appOfToken(ctx: Ctx, token: string, now = Date.now()): Promise<string | undefined> {
  const [appId, expires, sig, extra] = token.split('.');
  if (!appId || !sig || extra !== undefined || !/^\d+$/.test(expires ?? '')) return undefined;
  if (Number(expires) * 1000 <= now) return undefined;
  return (await signer(ctx).verify([PURPOSE, appId, expires], sig)) ? appId : undefined;
}

export const tokenCalls = (ctx: Ctx): CallHandlers => ({
  token: async (call) => issueToken(ctx, call.scopeId),
});
