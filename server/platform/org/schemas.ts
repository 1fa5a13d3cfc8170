import type { JsonSchema } from '../../../resources/types';
import { errorSchema } from '../../engine/api';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullable = (type: string) => ({ type: [type, 'null'] });

/** Visible text on one line: no control characters, not only spaces. */
export const lineText = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '^(?!\\s*$)[^\\x00-\\x1f\\x7f]*$' });
/** Optional text on one line (may be empty). */
export const optionalLine = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\x00-\\x1f\\x7f]*$' });

export const organizationSchema: JsonSchema = {
  type: 'object',
  required: ['Id', 'Name', 'Status', 'CompanyName', 'Role', 'MemberCount', 'AppCount', 'CreatedAt'],
  properties: {
    Id: str,
    Name: str,
    Status: { type: 'string', description: 'Pending, Approved or Invalid' },
    CompanyName: str,
    Role: { type: 'string', description: "the caller's role: owner, admin, member, or '' for an administrator who is not a member" },
    MemberCount: int,
    AppCount: int,
    CreatedAt: time,
  },
};

export const memberSchema: JsonSchema = {
  type: 'object',
  required: ['AccountId', 'Email', 'Name', 'Role', 'JoinedAt'],
  properties: { AccountId: str, Email: str, Name: str, Role: { type: 'string', enum: ['owner', 'admin', 'member'] }, JoinedAt: time },
};

export const invitationSchema: JsonSchema = {
  type: 'object',
  required: ['Id', 'Email', 'Role', 'CreatedAt', 'ExpiresAt'],
  properties: { Id: str, Email: str, Role: { type: 'string', enum: ['admin', 'member'] }, CreatedAt: time, ExpiresAt: time },
};

export const memberListSchema: JsonSchema = {
  type: 'object',
  required: ['Items', 'Invitations'],
  properties: { Items: { type: 'array', items: memberSchema }, Invitations: { type: 'array', items: invitationSchema } },
};

export const inviteAnswerSchema: JsonSchema = {
  type: 'object',
  required: ['Result'],
  properties: {
    Result: { type: 'string', enum: ['Added', 'Invited'], description: 'Added: the address had an account and is now a member' },
    Member: memberSchema,
    Invitation: invitationSchema,
  },
};

export const projectSchema: JsonSchema = {
  type: 'object',
  required: ['Id', 'Name', 'OrganizationId', 'OrganizationName', 'CreatedAt', 'MemberCount'],
  properties: { Id: str, Name: str, OrganizationId: str, OrganizationName: str, CreatedAt: time, MemberCount: int },
};

export const projectDetailSchema: JsonSchema = {
  ...projectSchema,
  required: [...(projectSchema.required as string[]), 'Members'],
  properties: { ...(projectSchema.properties as object), Members: { type: 'array', items: memberSchema } },
};

export const serviceTokenSchema: JsonSchema = {
  type: 'object',
  required: ['Id', 'Token', 'Kind', 'Status', 'CreatedAt'],
  properties: {
    Id: str,
    Token: str,
    Kind: { type: 'string', enum: ['credit', 'trial'] },
    Amount: { ...nullable('string'), description: 'credit tokens: a decimal with 2 decimals' },
    Service: nullable('string'),
    TrialDays: nullable('integer'),
    Note: str,
    Status: { type: 'string', enum: ['Active', 'Fulfilled'] },
    FulfilledAppId: nullable('string'),
    FulfilledAt: nullable('string'),
    CreatedBy: str,
    CreatedAt: time,
  },
};

/** The usual failures of an organisation call. */
export const orgErrors = {
  401: { description: 'not signed in', schema: errorSchema },
  403: { description: 'not a member of the organisation, or a role that may not do this', schema: errorSchema },
} as const;

export const err = (description: string) => ({ description, schema: errorSchema });
