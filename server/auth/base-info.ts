import { BLUE_CLOUD, type BaseInfo } from '../../resources/account-api';
import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import type { ExternalProviders } from './external';

import { publicOrigin } from './callers';

export { publicOrigin, requestOrigin } from './callers';

const domainOf = (url: string) => new URL(url).origin;

const text = { type: 'string' };
const obj = (keys: string[]) => ({ type: 'object', properties: Object.fromEntries(keys.map((k) => [k, text])) });

/** GET /auth/base-info: what the console needs at start-up. Public, so it carries no secret. */
export function mountBaseInfo(api: Api, ctx: Ctx, providers: ExternalProviders): void {
  api.route({
    method: 'GET',
    url: '/auth/base-info',
    summary: 'Start-up information: domains, terms-of-use version, environment, sign-in options, analytics hosts',
    tag: 'auth',
    auth: 'none',
    responses: {
      200: {
        description: 'base info',
        schema: {
          type: 'object',
          properties: {
            AuthInfo: obj(['Domain', 'Client', 'IDDomain', 'ProjectDomain']),
            BlueCloudInfo: obj(['Domain', 'ClientId']),
            AssInfo: obj(['APIDomain', 'ContentDomain']),
            LobbyInfo: obj(['Domain']),
            PolicyInfo: obj(['Version']),
            Environment: { type: 'string', enum: ['prod', 'dev'] },
            Providers: { type: 'array', items: obj(['Id', 'Name', 'Type', 'CallbackPath']) },
            SignUp: { type: 'boolean' },
            Analytics: { type: 'object', properties: { Hosts: { type: 'array', items: text }, Endpoint: text } },
          },
        },
      },
    },
    handler: async (req): Promise<BaseInfo> => {
      const own = publicOrigin(ctx, req);
      const d = ctx.config.siteDomains;
      const or = (v: string) => v || own;
      const blue = providers.find(BLUE_CLOUD);
      return {
        AuthInfo: { Domain: or(d.auth), Client: d.authClient, IDDomain: or(d.id), ProjectDomain: or(d.project) },
        BlueCloudInfo: blue
          ? { Domain: domainOf(blue.type === 'oidc' ? blue.issuer : blue.authorizationUrl), ClientId: blue.clientId }
          : { Domain: '', ClientId: '' },
        AssInfo: { APIDomain: or(d.assApi), ContentDomain: or(d.assContent) },
        LobbyInfo: { Domain: or(d.lobby) },
        PolicyInfo: { Version: ctx.config.policyVersion },
        Environment: ctx.config.environment === 'prod' ? 'prod' : 'dev',
        Providers: providers.list(),
        SignUp: ctx.config.signUp,
        Analytics: { Hosts: ctx.config.analyticsHosts, ...(ctx.config.analyticsEndpoint ? { Endpoint: ctx.config.analyticsEndpoint } : {}) },
      };
    },
  });
}
