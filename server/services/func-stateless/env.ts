/**
 * A function's default environment: sealed with AES-256-GCM under a key derived from the server's signing key (the
 * one every instance sharing the database agrees on), stored apart from the function, never answered; only the
 * variables' names are kept on the function (`envKeys`). Each invocation opens it into `context.env`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { envName } from '../../../resources/func-stateless/limits';
import { Signer } from '../../blob/signing';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import type { CallHandlers } from '../../engine/declared-calls';
import { records } from '../../engine/query';
import { auditIn } from '../../engine/write';
import { funcModels, type FuncModels } from './models';

const keys = new WeakMap<Ctx, Promise<Buffer>>();

/** The sealing key: HMAC-SHA256 of a fixed label under the signing key, so it is never stored itself. */
function keyOf(ctx: Ctx): Promise<Buffer> {
  let key = keys.get(ctx);
  if (!key) {
    key = new Signer(ctx.db, () => ctx.config.secretKey).sign(['func-stateless environment key v1']).then((s) => Buffer.from(s, 'base64url'));
    keys.set(ctx, key);
  }
  return key;
}

export async function seal(ctx: Ctx, variables: Record<string, string>): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(ctx), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(variables), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export async function unseal(ctx: Ctx, sealed: string): Promise<Record<string, string>> {
  const [, iv, tag, body] = sealed.split(':');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(ctx), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8'));
}

/** The function's default environment, opened (empty when none is set). */
export async function environmentOf(ctx: Ctx, q: Queryable, m: FuncModels, appId: string, functionId: string): Promise<Record<string, string>> {
  const stored = await records(q, m.environments).first(appId, { where: { functionId } });
  return stored ? unseal(ctx, String(stored.sealed)) : {};
}

/** Variables with their names made valid (spec 001 §5), in name order. */
export function normalizedVariables(given: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(given).map(([k, v]) => [envName(k), v] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function envCalls(ctx: Ctx): CallHandlers {
  const m = funcModels(ctx);
  return {
    defaultEnv: async (call) => {
      const appId = call.scopeId;
      const functionId = String(call.record!.id);
      const variables = normalizedVariables((call.input as { variables: Record<string, string> }).variables);
      const sealed = await seal(ctx, variables);
      return ctx.db.transaction(async (tx) => {
        const fn = await records(tx, m.functions).get(appId, functionId, { lock: 'update' });
        await records(tx, m.environments).remove(appId, { functionId });
        if (Object.keys(variables).length) await records(tx, m.environments).insert(appId, { functionId, sealed }, { parentId: functionId });
        const envKeys = Object.keys(variables);
        const after = await records(tx, m.functions).updateOne(appId, functionId, { set: { envKeys } });
        // The history names the variables changed, never their values.
        await auditIn(tx, { scopeId: appId, principal: { actor: call.actor } }, m.functions, 'defaultEnv', functionId, { envKeys: fn.envKeys ?? [] }, { envKeys });
        return { envKeys: after.envKeys };
      });
    },
  };
}
