/** Requests and answers of the app calls (spec 000 §7), shared by the server and the console. */

/** POST /api/app */
export interface CreateAppBody {
  ProjectName: string;
  OrganizationId: string;
  SupportMultiServices?: boolean;
}

/** A service's status as an administrator sets it in the app's admin-config. */
export type AdminServiceStatus = 'Enabled' | 'Suspended';

/**
 * PUT /api/app/:id. Owners and admins of the organisation change the name and the properties; only
 * administrators change SupportMultiServices and the status of the app's services.
 */
export interface UpdateAppBody {
  ProjectName?: string;
  Properties?: { needGatherInfo?: 'true' | 'false' };
  SupportMultiServices?: boolean;
  Services?: Record<string, { Status: AdminServiceStatus }>;
}

/** POST /api/app/:id/service */
export interface EnableServiceBody {
  Service: string;
  /** Only the properties the service declares (its `defaultProperties`), with the same value types. */
  Properties?: Record<string, string | number | boolean>;
}

/** The project a service that needs one (hello) runs in. */
export interface ServiceProject {
  Id: string;
  Name: string;
  CreatedAt: string;
}

/** GET /api/app/service/:serviceId: an enabled service's runtime details. */
export interface ServiceDetails {
  ServiceId: string;
  AppId: string;
  Service: string;
  Status: string;
  Properties: Record<string, unknown>;
  EnabledAt: string | null;
  /** For services that need a project: the project, or null while it does not exist. Always null for others. */
  Project: ServiceProject | null;
}

export type SecretKind = 'AppSecret' | 'AppServiceSecret';

/** POST /api/app/:id/generate-secret */
export interface GenerateSecretBody {
  Kind: SecretKind;
}

/** POST /api/app/:id/redeem-token */
export interface RedeemTokenBody {
  Token: string;
}

export interface RedeemAnswer {
  Kind: 'credit' | 'trial';
  /** Credit granted, a decimal string with 2 decimals (credit tokens), else null. */
  Amount: string | null;
  /** The service enabled for a trial (trial tokens), else null. */
  Service: string | null;
  /** End of the trial, ISO time (trial tokens), else null. */
  TrialUntil: string | null;
}

/** GET /api/apps query: everyone may use the first four; administrators also the organisation searches. */
export interface AppListQuery {
  q?: string;
  orgId?: string;
  count?: number;
  start?: number;
  orgName?: string;
  companyName?: string;
}
