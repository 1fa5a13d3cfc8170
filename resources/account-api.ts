/** Shapes of the account calls (sign-in, sign-up, sessions, users) that the server answers and the console reads. */

/** The current user's properties (spec 000 §3): strings, as the spec names them. */
export interface AccountProperties {
  /** The terms-of-use version the user accepted ('' when none). */
  policyVersion: string;
  /** 'true' when the user passed real-name verification. */
  isRealNameVerified: 'true' | 'false';
  email: string;
}

/** One signed-in identity (a user, an administrator or a finance administrator). */
export interface AccountIdentity {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  isFinanceAdmin: boolean;
  /** The e-mail belongs to the provider's own staff domain. */
  isInternal: boolean;
  isRealName: boolean;
  properties: AccountProperties;
  /** Whether the user accepted the current terms-of-use version. */
  policyAccepted: boolean;
}

/** GET /auth/auth-check: every session this browser holds. */
export interface AuthCheckAnswer {
  user: AccountIdentity | null;
  admin: AccountIdentity | null;
  financeAdmin: AccountIdentity | null;
}

/** Every sign-in answers the identity it signed in. */
export interface SignInAnswer {
  user: AccountIdentity;
}

export interface PasswordSignIn {
  email: string;
  password: string;
}

/** The second form of POST /auth/auth-login: the code an external provider sent back to the callback page. */
export interface ProviderSignIn {
  provider: string;
  code: string;
  state: string;
  callbackUrl: string;
  /** The `iss` parameter of the callback, when the provider sent one. */
  iss?: string;
}

export type CodePurpose = 'sign-up' | 'reset-password';

export interface SendCodeRequest {
  email: string;
  purpose: CodePurpose;
}

export interface SignUpRequest {
  email: string;
  password: string;
  name: string;
  code: string;
  /** The terms-of-use version accepted at sign-up: the current one. */
  policyVersion: string;
}

export interface ResetPasswordRequest {
  email: string;
  code: string;
  password: string;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const NAME_MAX = 50;
/** Seconds between two codes to the same e-mail. */
export const CODE_RESEND_SECONDS = 60;
export const CODE_LENGTH = 6;

export type ProviderType = 'oidc' | 'oauth2';

/** An external sign-in provider, as the console may know it (never its secret). */
export interface ExternalProviderInfo {
  Id: string;
  Name: string;
  Type: ProviderType;
  /** The console page the provider sends the browser back to. */
  CallbackPath: string;
}

/** GET /auth/base-info (spec 000 §3), plus the sign-in options and the analytics hosts. */
export interface BaseInfo {
  AuthInfo: { Domain: string; Client: string; IDDomain: string; ProjectDomain: string };
  BlueCloudInfo: { Domain: string; ClientId: string };
  AssInfo: { APIDomain: string; ContentDomain: string };
  LobbyInfo: { Domain: string };
  PolicyInfo: { Version: string };
  Environment: string;
  Providers: ExternalProviderInfo[];
  SignUp: boolean;
  /** Page-view reporting: only on these hosts, to this collector (none: no reporting). */
  Analytics: { Hosts: string[]; Endpoint?: string };
}

/** Provider ids with a callback page of their own (spec 000 §2); every other provider returns to /login-callback. */
export const PROVIDER_CALLBACK_PATHS: Record<string, string> = {
  'blue-cloud': '/blue-cloud/login-callback',
  qq: '/qq_conn/login-callback',
};
export const DEFAULT_CALLBACK_PATH = '/login-callback';
export const BLUE_CLOUD = 'blue-cloud';
export const QQ = 'qq';

export const callbackPathOf = (providerId: string): string => PROVIDER_CALLBACK_PATHS[providerId] ?? DEFAULT_CALLBACK_PATH;

export interface AcceptPolicyRequest {
  version: string;
}

export interface RealNameRequest {
  name: string;
  idNumber: string;
}

export interface RealNameAnswer {
  user: AccountIdentity;
  RealName: string;
  /** The number with its middle hidden. */
  IdNumber: string;
}

/** GET /auth/real-name-verify: the signed-in user's verification. */
export interface RealNameStatus {
  Verified: boolean;
  RealName: string;
  IdNumber: string;
  VerifiedAt: string | null;
}

export type UserStatus = 'active' | 'suspended';
export const USER_STATUSES: UserStatus[] = ['active', 'suspended'];

/** A user as administrators see it (GET /api/users). */
export interface UserRecord {
  Id: string;
  Email: string;
  Name: string;
  Status: UserStatus;
  IsAdmin: boolean;
  IsFinanceAdmin: boolean;
  IsRealName: boolean;
  CreatedAt: string;
  LastLoginAt: string | null;
  Organizations: { Id: string; Name: string; Role: string }[];
}

export interface UserList {
  TotalCount: number;
  Items: UserRecord[];
}

export interface UserUpdate {
  Name?: string;
  Status?: UserStatus;
  IsAdmin?: boolean;
  IsFinanceAdmin?: boolean;
}

export interface ClearLoginStateAnswer {
  Ended: number;
}

/** POST /api/app/:appId/auth-blue-cloud. `state` is the one the sign-in start issued, when the console has it. */
export interface BlueCloudLinkRequest {
  code: string;
  callbackUrl: string;
  state?: string;
}

export interface BlueCloudLink {
  OrganizationId: string;
  Provider: string;
  AccountId: string;
  Email: string;
  LinkedAt: string;
}
