/** What the passport players calls answer that the console reads: one set of shapes for the server and the console. */
import type { JsonSchema } from './types';
import userSchema from '../schemas/passport/players/user.json' with { type: 'json' };

/** One entry of a user's or persona's ban history. */
export interface BanAction {
  action: 'ban' | 'unban';
  at: string;
  actor: string;
  /** The ban's reason and end (bans only). */
  reason: string | null;
  until: string | null;
  /** An unban made by the ban's end passing. */
  automatic: boolean;
}

/** One of a persona's relations, from its side: a friend, a request it sent (outgoing) or one it received (incoming). */
export interface FriendEntry {
  personaId: string;
  name: string;
  level: number | null;
  status: string;
  relation: 'accepted' | 'outgoing' | 'incoming';
  since: string;
}

/** A persona on another persona's blacklist, and since when. */
export interface BlacklistEntry {
  personaId: string;
  name: string;
  since: string;
}

/** A relation between two personas as the console lists it: a friendship once, or a request from one to the other. */
export interface Relation {
  personaId: string;
  personaName: string;
  friendId: string;
  friendName: string;
  state: 'accepted' | 'requested';
  since: string;
}

/** The day range a players metrics call takes (Asia/Shanghai days). */
export const metricsRangeQuery: Record<string, JsonSchema> = {
  start: { type: 'string', format: 'date', description: 'First day (Asia/Shanghai), inclusive; default 6 days before end' },
  end: { type: 'string', format: 'date', description: 'Last day, inclusive; default today' },
};

const calls = (key: string): JsonSchema => ({
  type: 'object',
  required: [key, 'calls'],
  properties: { [key]: { type: 'string' }, calls: { type: 'integer' } },
});
const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const time = { type: 'string', format: 'date-time' };

/** `GET /rate-limit/usage`: the app's player calls in the current minute against its limit, and the last hour. */
export const callUsageAnswer: JsonSchema = {
  type: 'object',
  required: ['limit', 'minute', 'calls', 'served', 'refused', 'remaining', 'operations', 'recent'],
  properties: {
    limit: { type: 'integer' },
    minute: time,
    calls: { type: 'integer', description: 'attempts this minute' },
    served: { type: 'integer' },
    refused: { type: 'integer', description: 'refused with 429' },
    remaining: { type: 'integer' },
    operations: list(calls('operation')),
    recent: list({ type: 'object', properties: { minute: time, calls: { type: 'integer' } } }),
  },
};

/** `GET /metrics/operation`: player calls served per operation, and a series by hour or day. */
export const operationMetricsAnswer: JsonSchema = {
  type: 'object',
  required: ['start', 'end', 'interval', 'total', 'operations', 'series'],
  properties: {
    start: { type: 'string' },
    end: { type: 'string' },
    interval: { type: 'string' },
    total: { type: 'integer' },
    operations: list(calls('operation')),
    series: list({ type: 'object', properties: { time, operation: { type: 'string' }, calls: { type: 'integer' } } }),
  },
};

/** `GET /metrics/topk`: the operations or players with the most calls served (a player's name beside its id). */
export const topCallsAnswer: JsonSchema = {
  type: 'object',
  required: ['by', 'items'],
  properties: {
    by: { type: 'string' },
    items: list({
      type: 'object',
      required: ['key', 'calls'],
      properties: { key: { type: 'string' }, name: { type: ['string', 'null'] }, calls: { type: 'integer' } },
    }),
  },
};

const counts = { newUsers: { type: 'integer' }, signIns: { type: 'integer' } };

/** `GET /metrics/aggregation`: per day active players (estimated), new users and sign-ins; and over the range. */
export const aggregationAnswer: JsonSchema = {
  type: 'object',
  required: ['start', 'end', 'days', 'totals'],
  properties: {
    start: { type: 'string' },
    end: { type: 'string' },
    days: list({
      type: 'object',
      properties: { day: { type: 'string', format: 'date' }, dau: { type: 'integer' }, ...counts },
    }),
    totals: { type: 'object', properties: { activeUsers: { type: 'integer' }, ...counts } },
  },
};

const userProps = userSchema.properties;

/** `POST /login/external`: the sign-in request (spec 002 §9: login platforms, methods and providers). */
export const loginBodySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['method', 'platform', 'realmId'],
  properties: {
    appId: { type: 'string', minLength: 1, maxLength: 64, description: 'The app (needed unless the app credential is sent)' },
    realmId: { type: 'string', minLength: 1, maxLength: 64, description: 'The realm to sign in to; it must be Open' },
    platform: { type: 'string', enum: userProps.platform.enum },
    method: { type: 'string', enum: userProps.loginMethod.enum },
    provider: { type: 'string', enum: userProps.loginProvider.enum },
    externalId: { type: 'string', minLength: 1, maxLength: 128, description: "ServerSide: the game server's id of the player" },
    phone: { type: 'string', maxLength: 20, pattern: '^\\+?[0-9]{5,19}$', description: 'Phone: the number the code was sent to' },
    code: { type: 'string', minLength: 1, maxLength: 2048, description: "Phone: the verification code. OAuth: the provider's authorization code" },
    token: { type: 'string', minLength: 1, maxLength: 8192, description: "AccessToken: the provider's access token (Apple: the identity token)" },
    openId: { type: 'string', minLength: 1, maxLength: 128, description: "AccessToken with WeChat: the openid the token belongs to" },
    redirectUri: { type: 'string', format: 'uri', maxLength: 2000, description: 'OAuth with QQ web or Weibo: the redirect URI the code was issued for' },
    nickname: { type: 'string', minLength: 1, maxLength: 64, description: "The new user's nickname at a first sign-in" },
  },
  allOf: [
    { if: { required: ['method'], properties: { method: { const: 'ServerSide' } } }, then: { required: ['externalId'] } },
    { if: { required: ['method'], properties: { method: { const: 'Phone' } } }, then: { required: ['phone', 'code'] } },
    { if: { required: ['method'], properties: { method: { enum: ['OAuth', 'AccessToken'] } } }, then: { required: ['provider'] } },
  ],
};

/** `POST /login/external`'s body, as `loginBodySchema` checks it. */
export interface LoginBody {
  appId?: string;
  realmId: string;
  platform: string;
  method: 'Phone' | 'OAuth' | 'AccessToken' | 'ServerSide';
  provider?: string;
  externalId?: string;
  phone?: string;
  code?: string;
  token?: string;
  openId?: string;
  redirectUri?: string;
  nickname?: string;
}

/** Age bands of spec 002 §9 (anti-addiction): under 8, 8-16, 16-18, over 18. */
export type AgeBand = 'under8' | '8-16' | '16-18' | 'over18';

/** A user's real-name check, masked (the `realName` detail view's answer). */
export interface RealNameInfo {
  verified: boolean;
  name?: string;
  idNumber?: string;
  birthDate?: string;
  age?: number;
  ageBand?: AgeBand;
  adult?: boolean;
  verifiedAt?: string;
}

/** `POST /sdk/real-name`: the player's real name and resident identity number. */
export const realNameBodySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'idNumber'],
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 40, pattern: '\\S' },
    idNumber: { type: 'string', minLength: 18, maxLength: 18 },
  },
};

/** `POST /third_party/qq-web-login`: start QQ web sign-in (the code it returns signs in with method OAuth). */
export const qqWebLoginBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['appId', 'redirectUri'],
  properties: {
    appId: { type: 'string', minLength: 1, maxLength: 64 },
    redirectUri: { type: 'string', format: 'uri', maxLength: 2000, description: 'Where QQ sends the player back (the console origin plus /qq_conn/login-callback)' },
    state: { type: 'string', minLength: 8, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$', description: 'Kept by the client to check the callback; generated when absent' },
  },
};
