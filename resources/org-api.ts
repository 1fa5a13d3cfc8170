/**
 * Organisations, members, invitations, projects and service tokens: the shapes the platform API answers and the
 * role rules both the server (which enforces them) and the console (which shows only allowed actions) follow.
 */

export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** Roles an invitation may carry: ownership is granted to members afterwards, by an owner. */
export const INVITATION_ROLES = ['admin', 'member'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** Organisation statuses (spec 000 §4). */
export const ORG_STATUSES = ['Pending', 'Approved', 'Invalid'] as const;

export const ORG_NAME_MAX = 50;
export const COMPANY_NAME_MAX = 100;
export const PROJECT_NAME_MAX = 50;
/** How long an invitation to an address without an account stays valid. */
export const INVITATION_DAYS = 14;
/** Organisation lists page 9999 at a time unless asked otherwise (spec 000 §9). */
export const DEFAULT_LIST_COUNT = 9999;

/** Whether a role may edit the organisation, invite people and create projects. */
export const canManage = (role: string | undefined): boolean => role === 'owner' || role === 'admin';

/** Whether `caller` may invite someone as `role`: admins invite members only. */
export function canInvite(caller: string | undefined, role: string): boolean {
  return caller === 'owner' || (caller === 'admin' && role === 'member');
}

/** Whether `caller` may move a member from role `from` to role `to`: only owners grant or take away ownership. */
export function canChangeRole(caller: string | undefined, from: string, to: string): boolean {
  if (!canManage(caller)) return false;
  return from === 'owner' || to === 'owner' ? caller === 'owner' : true;
}

/** Whether `caller` may remove a member holding `target`; anyone may leave (`self`). */
export function canRemove(caller: string | undefined, target: string, self: boolean): boolean {
  if (self) return true;
  if (caller === 'owner') return true;
  return caller === 'admin' && target !== 'owner';
}

export interface OrganizationItem {
  Id: string;
  Name: string;
  Status: string;
  CompanyName: string;
  /** The caller's role, '' when the caller is an administrator who is not a member. */
  Role: OrgRole | '';
  MemberCount: number;
  AppCount: number;
  CreatedAt: string;
}

export interface OrganizationList {
  TotalCount: number;
  Items: OrganizationItem[];
}

export interface CreateOrganizationBody {
  Name: string;
  CompanyName?: string;
}

export type UpdateOrganizationBody = Partial<CreateOrganizationBody>;

export interface MemberItem {
  AccountId: string;
  Email: string;
  Name: string;
  Role: OrgRole;
  JoinedAt: string;
}

export interface InvitationItem {
  Id: string;
  Email: string;
  Role: InvitationRole;
  CreatedAt: string;
  ExpiresAt: string;
}

export interface MemberList {
  Items: MemberItem[];
  /** Live invitations (not expired, not yet claimed). */
  Invitations: InvitationItem[];
}

export interface InviteBody {
  Email: string;
  Role: InvitationRole;
}

/** An invitation to an existing account adds it at once; otherwise it waits for that address to sign up. */
export type InviteAnswer = { Result: 'Added'; Member: MemberItem } | { Result: 'Invited'; Invitation: InvitationItem };

export interface ProjectItem {
  Id: string;
  Name: string;
  OrganizationId: string;
  OrganizationName: string;
  CreatedAt: string;
  MemberCount: number;
}

export interface ProjectList {
  TotalCount: number;
  Items: ProjectItem[];
}

/** A project with the people who can reach it: every member of its organisation. */
export interface ProjectDetail extends ProjectItem {
  Members: MemberItem[];
}

export const TOKEN_KINDS = ['credit', 'trial'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];
export const TOKEN_STATUSES = ['Active', 'Fulfilled'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];
export const MAX_TOKENS_PER_CALL = 100;
export const MAX_TRIAL_DAYS = 365;
export const TOKEN_NOTE_MAX = 200;
/** A credit amount: a positive decimal with at most 2 decimals, as a string (numeric(18,2)). */
export const AMOUNT_PATTERN = '^(0|[1-9][0-9]{0,15})(\\.[0-9]{1,2})?$';

export interface ServiceTokenItem {
  Id: string;
  /** The redeemable code, e.g. `7KQ2M-XW4PD-0RTHN-C9VJE`. */
  Token: string;
  Kind: TokenKind;
  /** Credit tokens: the amount with 2 decimals. */
  Amount: string | null;
  /** Trial tokens: the service name and the length of the trial. */
  Service: string | null;
  TrialDays: number | null;
  Note: string;
  Status: TokenStatus;
  FulfilledAppId: string | null;
  FulfilledAt: string | null;
  CreatedBy: string;
  CreatedAt: string;
}

export interface ServiceTokenList {
  TotalCount: number;
  Items: ServiceTokenItem[];
}

export interface GenerateTokensBody {
  Kind: TokenKind;
  Amount?: string;
  Service?: string;
  TrialDays?: number;
  Note?: string;
  /** How many codes to issue at once (1–100, default 1). */
  Count?: number;
}
