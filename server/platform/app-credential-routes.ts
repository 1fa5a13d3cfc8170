import type { GenerateSecretBody, RedeemTokenBody } from '../../resources/app-api';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import { errorSchema, paramsSchema, type Api } from '../engine/api';
import { appCaller } from './app-access';
import { appErrors, appSchema, generateSecretBody, redeemAnswerSchema, redeemTokenBody } from './app-schemas';
import { redeemToken } from './app-tokens';
import { replaceSecret } from './accounts';
import { findApp } from './apps';
import { ORG_MANAGERS } from '../engine/access';

export function mountAppCredentials(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/api/app/:id/generate-secret',
    summary: 'Replaces the AppSecret or the AppServiceSecret; the old one stops working at once (owners and admins, or administrators)',
    tag: 'apps',
    auth: 'session',
    access: [...ORG_MANAGERS, 'admin'],
    params: paramsSchema('id'),
    body: generateSecretBody,
    responses: { 200: { description: 'the app with its new secret', schema: appSchema }, ...appErrors },
    handler: async (req) => {
      const id = (req.params as { id: string }).id;
      const { Kind } = req.body as GenerateSecretBody;
      const caller = await appCaller(ctx, req, id, 'edit');
      await ctx.db.transaction(async (tx) => {
        await replaceSecret(tx, id, Kind);
        await recordOperation(tx, { actor: caller.actor, appId: id, action: 'app.secret.generate', target: id, after: { Kind } });
      });
      await ctx.apps.forget(id);
      return findApp(ctx.db, id, caller.accountId);
    },
  });

  api.route({
    method: 'POST',
    url: '/api/app/:id/redeem-token',
    summary: "Redeems a code on an app: credit for its organisation, or a service's trial (owners and admins, or administrators)",
    tag: 'apps',
    auth: 'session',
    access: [...ORG_MANAGERS, 'admin'],
    params: paramsSchema('id'),
    body: redeemTokenBody,
    responses: {
      200: { description: 'what the code granted', schema: redeemAnswerSchema },
      ...appErrors,
      404: { description: 'no such code (failed to find token), or no such app', schema: errorSchema },
      409: { description: 'the code was used (token has been fulfilled), or its trial service cannot be enabled here', schema: errorSchema },
    },
    handler: async (req) => {
      const id = (req.params as { id: string }).id;
      const caller = await appCaller(ctx, req, id, 'edit');
      const answer = await redeemToken(ctx.db, caller, (req.body as RedeemTokenBody).Token);
      await ctx.apps.forget(id);
      return answer;
    },
  });
}
