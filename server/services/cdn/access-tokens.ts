import type { Ctx } from '../../context';
import { Signer } from '../../blob/signing';
import type { CallHandlers } from '../../engine/declared-calls';

const signers = new WeakMap<Ctx, Signer>();
export function cdnSigner(ctx: Ctx): Signer {
  let signer = signers.get(ctx);
  if (!signer) signers.set(ctx, (signer = new Signer(ctx.db, () => ctx.config.secretKey)));
  return signer;
}

const parts = (bucketId: string, expires: number) => ['cdn-read', bucketId, String(expires)];

/** A private bucket's read token: `<expiry, unix seconds>.<signature>`, good for every entry of the bucket until then. */
export async function accessToken(ctx: Ctx, bucketId: string, expires: number): Promise<string> {
  return `${expires}.${await cdnSigner(ctx).sign(parts(bucketId, expires))}`;
}

export async function accessTokenValid(ctx: Ctx, bucketId: string, token: string): Promise<boolean> {
  const [at, sig] = token.split('.', 2);
  const expires = Number(at);
  if (!Number.isInteger(expires) || !sig || expires * 1000 < Date.now()) return false;
  return cdnSigner(ctx).verify(parts(bucketId, expires), sig);
}

export function accessTokenCalls(ctx: Ctx): CallHandlers {
  return {
    'buckets.accessToken': async (call) => {
      const { seconds } = call.input as { seconds: number };
      const expires = Math.floor(Date.now() / 1000) + seconds;
      return { token: await accessToken(ctx, String(call.record!.id), expires), expiresAt: new Date(expires * 1000).toISOString() };
    },
  };
}
