/** Shapes of the platform API that the server answers and the console reads (spec 000 §3). */

/** A service's state in one app. */
export interface ServiceState {
  Status: string;
  ServiceId: string;
  Properties: Record<string, unknown>;
  /** When the service was enabled on the app (ISO time, UTC). */
  EnabledAt?: string;
}

/** An app, as the caller sees it: Role is the caller's role in the app's organisation ('' if none). */
export interface AppRecord {
  AppId: string;
  AppSecret: string;
  AppServiceSecret: string;
  ProjectName: string;
  OrganizationId: string;
  OrganizationName: string;
  Role: string;
  Services: Record<string, ServiceState>;
  SupportMultiServices: boolean;
  /** String flags, e.g. needGatherInfo: 'true' | 'false'. */
  Properties: Record<string, string>;
}

export interface AppList {
  TotalCount: number;
  Items: AppRecord[];
}
