/** Account settings read from the environment: external sign-in providers, sign-up, and the domains of base-info. */

interface ProviderBase {
  /** Lower-case letters, digits and hyphens; `blue-cloud` and `qq` have callback pages of their own. */
  id: string;
  name: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
}

export interface OidcProviderConfig extends ProviderBase {
  type: 'oidc';
  issuer: string;
}

export interface OAuth2ProviderConfig extends ProviderBase {
  type: 'oauth2';
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** Where the e-mail is in the user-info answer (a dotted path; default `email`). */
  emailField?: string;
  /** Where the account id is in the user-info answer (a dotted path; default `id`, then `sub`). */
  idField?: string;
}

export type AuthProviderConfig = OidcProviderConfig | OAuth2ProviderConfig;

/** The domains base-info tells the console about; empty means "this server's own public address". */
export interface SiteDomains {
  auth: string;
  authClient: string;
  id: string;
  project: string;
  assApi: string;
  assContent: string;
  lobby: string;
}

const fail = (message: string): never => {
  throw new Error(`AUTH_PROVIDERS: ${message}`);
};

function text(entry: Record<string, unknown>, key: string, required: boolean): string | undefined {
  const v = entry[key];
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string' || v.trim() === '') return fail(`provider ${String(entry.id ?? '?')} needs a non-empty string "${key}"`);
  return v.trim();
}

function url(entry: Record<string, unknown>, key: string): string {
  const v = text(entry, key, true) as string;
  try {
    const u = new URL(v);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error();
  } catch {
    fail(`provider ${String(entry.id)}: "${key}" is not an http(s) URL`);
  }
  return v;
}

/** Parses AUTH_PROVIDERS (a JSON array); a mistake stops the server with a message naming it. */
export function parseAuthProviders(raw: string | undefined): AuthProviderConfig[] {
  if (!raw?.trim()) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return fail('not valid JSON');
  }
  if (!Array.isArray(list)) return fail('must be a JSON array');
  const seen = new Set<string>();
  return list.map((item: unknown): AuthProviderConfig => {
    if (!item || typeof item !== 'object') return fail('every entry must be an object');
    const e = item as Record<string, unknown>;
    const id = text(e, 'id', true) as string;
    if (!/^[a-z0-9-]{1,40}$/.test(id)) fail(`provider id "${id}" may hold only a-z, 0-9 and hyphens (at most 40)`);
    if (seen.has(id)) fail(`provider id "${id}" appears twice`);
    seen.add(id);
    const base = {
      id,
      name: text(e, 'name', true) as string,
      clientId: text(e, 'clientId', true) as string,
      clientSecret: text(e, 'clientSecret', true) as string,
      scope: text(e, 'scope', false),
    };
    if (e.type === 'oidc') return { ...base, type: 'oidc', issuer: url(e, 'issuer') };
    if (e.type === 'oauth2') {
      return {
        ...base,
        type: 'oauth2',
        authorizationUrl: url(e, 'authorizationUrl'),
        tokenUrl: url(e, 'tokenUrl'),
        userInfoUrl: url(e, 'userInfoUrl'),
        emailField: text(e, 'emailField', false),
        idField: text(e, 'idField', false),
      };
    }
    return fail(`provider ${id}: type must be "oidc" or "oauth2"`);
  });
}

export function loadSiteDomains(env: NodeJS.ProcessEnv): SiteDomains {
  return {
    auth: env.AUTH_DOMAIN ?? '',
    authClient: env.AUTH_CLIENT ?? 'lodestar-console',
    id: env.ID_DOMAIN ?? '',
    project: env.PROJECT_DOMAIN ?? '',
    assApi: env.ASS_API_DOMAIN ?? '',
    assContent: env.ASS_CONTENT_DOMAIN ?? '',
    lobby: env.LOBBY_DOMAIN ?? '',
  };
}
