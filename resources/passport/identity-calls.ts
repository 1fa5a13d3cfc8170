/**
 * The identity area's own calls (guilds, login providers, SMS, reports, the player's anti-addiction rules): their
 * shapes, read by server and docs.
 */
import type { CallDecl } from '../call-types';
import { idParam, listAnswer, ok, pageQuery, recordOf, textField } from '../call-shapes';
import type { JsonSchema } from '../types';
import { codeLogsView } from './identity-domain';
import guildMemberRow from '../../schemas/passport/identity/views/guild-member.json' with { type: 'json' };
import guildRequestRow from '../../schemas/passport/identity/views/guild-request.json' with { type: 'json' };
import codeLogSchema from '../../schemas/passport/identity/views/code-log.json' with { type: 'json' };
import reportSchema from '../../schemas/passport/identity/report.json' with { type: 'json' };

/** A guild member's role as the role calls take it: a guild role's id, or null for none. */
export const roleIdField: JsonSchema = {
  type: ['string', 'null'],
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
};

const guild = ok('the guild', recordOf('guilds'));
const guildInfo = { name: textField(32, 1), description: textField(500), announcement: textField(500) };

/** A guild call of the selected persona: its answer is the guild unless said otherwise. */
const guildCall = (
  method: CallDecl['method'],
  path: string,
  summary: string,
  errors: number[],
  more: Partial<CallDecl> = {},
): CallDecl => ({ method, path: `/guilds${path}`, caller: 'persona', summary, answer: guild, errors, ...more });

const withGuild = [400, 401, 403, 404, 423];
const changing = [400, 401, 403, 404, 409, 423];
/** The guild the path names, read before the behaviour runs. */
const theGuild = { resource: 'guilds', missing: 'guild not found' };
const decision = (action: 'approve' | 'reject', summary: string) =>
  guildCall('POST', `/:id/requests/:personaId/${action}`, summary, changing);

/** The game's guild calls any persona makes for itself (create, find, join, leave), and those needing a permission. */
export const guildCalls: Record<string, CallDecl> = {
  'guilds.create': guildCall(
    'POST',
    '',
    'Create a guild led by the selected persona ' +
      '(it must be free to join a guild; names are unique unless the settings allow duplicates)',
    [400, 401, 403, 409, 423],
    { body: { type: 'object', additionalProperties: false, required: ['name'], properties: guildInfo }, status: 201 },
  ),
  'guilds.mine': guildCall('GET', '/mine', 'The guilds of the selected persona, with its role in each', [401, 403, 423], {
    answer: listAnswer('guilds'),
  }),
  'guilds.show': guildCall('GET', '/:id', "A guild, with the selected persona's standing in it", withGuild, {
    record: theGuild,
  }),
  'guilds.members': guildCall('GET', '/:id/members', "A guild's members, the leader first", withGuild, {
    record: theGuild,
    query: pageQuery(),
    answer: listAnswer('members', guildMemberRow as JsonSchema),
  }),
  'guilds.join': guildCall(
    'POST',
    '/:id/join',
    'Join a guild, or ask to when the settings require approval (status Joined or Requested)',
    changing,
    {
      optionalBody: { type: 'object', additionalProperties: false, properties: { message: textField(200) } },
      answer: ok('joined or requested', {
        type: 'object',
        properties: { status: { type: 'string', enum: ['Joined', 'Requested'] }, guild: { type: 'object' } },
      }),
    },
  ),
  'guilds.leave': guildCall(
    'POST',
    '/:id/leave',
    'Leave a guild (the leader dismisses it instead); joining again waits out the restriction of the settings',
    changing,
  ),
  'guilds.requests': guildCall(
    'GET',
    '/:id/requests',
    'Requests waiting to join the guild (manageGuildRequests)',
    withGuild,
    { query: pageQuery(), answer: listAnswer('requests', guildRequestRow as JsonSchema) },
  ),
  'guilds.approve': decision(
    'approve',
    'Approve a request: the persona joins if the settings still allow it (manageGuildRequests)',
  ),
  'guilds.reject': decision('reject', 'Reject a request (manageGuildRequests)'),
  'guilds.update': guildCall(
    'PUT',
    '/:id',
    "Change the guild's name, description or announcement (updateGuildInfo)",
    changing,
    { body: { type: 'object', additionalProperties: false, minProperties: 1, properties: guildInfo } },
  ),
  'guilds.dismiss': guildCall(
    'POST',
    '/:id/dismiss',
    'Dismiss the guild: it and its memberships and requests are gone (dismissGuild)',
    withGuild,
  ),
  'guilds.setRole': guildCall(
    'PUT',
    '/:id/members/:personaId/role',
    "Set another member's role, or none (manageMemberRole; not your own, not the leader's)",
    changing,
    {
      body: { type: 'object', additionalProperties: false, required: ['roleId'], properties: { roleId: roleIdField } },
      answer: ok('the member'),
    },
  ),
  'guilds.removeMember': guildCall(
    'DELETE',
    '/:id/members/:personaId',
    'Remove another member from the guild (removeMembers; not the leader); joining again waits out the restriction',
    changing,
  ),
  'guilds.ofPersona': {
    method: 'GET',
    path: '/personas/:id/guilds',
    caller: 'service',
    record: { resource: 'personas' },
    summary: "A persona's guilds, with its role in each",
    answer: listAnswer('guilds'),
    errors: [400, 401, 403, 404],
  },
};

/** A phone number as players enter it: digits, optionally after a plus sign. */
const PHONE_PATTERN = '^\\+?[0-9]{5,19}$';

/** Sign-in settings: the login providers (all nine, saved or not), SMS codes, and what the game reads around sign-in. */
export const signInCalls: Record<string, CallDecl> = {
  'codes.send': {
    method: 'POST',
    path: '/sdk/verification-codes',
    caller: 'public',
    appCredential: {},
    summary: 'Send a sign-in code to a phone number (six digits, valid ten minutes, five tries; one per number every 60 seconds)',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['phone'],
      properties: {
        appId: { ...idParam, description: "The game's app id; leave out when calling with the app credential" },
        phone: { type: 'string', maxLength: 20, pattern: PHONE_PATTERN },
      },
    },
    answer: ok('the code was sent', {
      type: 'object',
      properties: {
        phone: { type: 'string' },
        expiresInSeconds: { type: 'integer' },
        resendAfterSeconds: { type: 'integer' },
      },
    }),
    errors: [400, 401, 403, 404, 429],
  },
  'sdk.terms': {
    method: 'GET',
    path: '/sdk/tos',
    caller: 'public',
    summary: "The game's terms of service, which players accept to sign in (404 until the app saves them)",
    query: { type: 'object', additionalProperties: false, required: ['appId'], properties: { appId: idParam } },
    answer: ok('the terms', recordOf('tos')),
    errors: [400, 403, 404],
  },
  'codes.logs': {
    method: 'GET',
    path: '/id-domains/:id/verification-code-logs',
    caller: 'service',
    summary: 'The code requests of the id domain (id: the app id), newest first: number masked, template, time and result',
    query: pageQuery({ result: { type: 'string', enum: codeLogSchema.properties.result.enum } }),
    answer: listAnswer(codeLogsView.listKey, codeLogSchema),
    errors: [400, 401, 403, 404],
  },
  'sdk.antiAddiction': {
    method: 'GET',
    path: '/anti-addiction',
    caller: 'player',
    summary: "The anti-addiction rules and, once the player passed the real-name check, the rules of the player's age band",
    answer: ok('the rules', {
      type: 'object',
      properties: {
        enforced: { type: 'boolean' },
        ageBand: { type: ['string', 'null'], enum: ['under8', '8-16', '16-18', 'over18', null] },
        rules: { type: ['object', 'null'], description: "The player's band's daily minutes, allowed hours and monthly spending limit" },
        bands: { type: 'object' },
      },
    }),
    errors: [401, 403, 423],
    player: { identityCheckExempt: true },
  },
};

/** The account service's notice that an app's secret changed, made with the app's new (or old) credential. */
export const appCalls: Record<string, CallDecl> = {
  'apps.secretChanged': {
    method: 'POST',
    path: '/internal/notify-app-secret-update',
    caller: 'service',
    freshCredential: true,
    summary: "The account service says an app's secret changed: passport drops what it cached for the app",
    optionalBody: { type: 'object', additionalProperties: false, properties: { appId: idParam } },
    answer: ok('forgotten', { type: 'object', properties: { appId: { type: 'string' }, forgotten: { type: 'boolean' } } }),
    errors: [400, 401, 403],
  },
};

const report = ok('the report', recordOf('reports'));

/** A player's reports of another player: filed, and withdrawn while under review. */
export const reportCalls: Record<string, CallDecl> = {
  'reports.file': {
    method: 'POST',
    path: '/reports',
    caller: 'player',
    summary: 'Report another player (a persona, or a user) of the game; the report is reviewed by the operators',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['reason'],
      anyOf: [{ required: ['targetPersonaId'] }, { required: ['targetUserId'] }],
      properties: {
        targetPersonaId: idParam,
        targetUserId: idParam,
        reason: reportSchema.properties.reason,
        description: textField(1000),
      },
    },
    answer: report,
    status: 201,
    errors: [400, 401, 403, 404, 409, 423],
  },
  'reports.revoke': {
    method: 'POST',
    path: '/reports/:id/revoke',
    caller: 'player',
    summary: 'Withdraw one of your reports while it is under review (it becomes Revoked)',
    answer: report,
    errors: [400, 401, 403, 404, 409, 423],
  },
};
