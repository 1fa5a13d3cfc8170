import { request } from '../../providers/http';
import type { AnalyticsSettings } from './analytics';

/** What the console needs of `GET /auth/base-info` at start-up. */
export interface BaseInfoLite {
  Environment?: string;
  Analytics?: AnalyticsSettings;
}

let pending: Promise<BaseInfoLite | null> | undefined;

/** The server's base info, read once per page load (spec 000 §7: start-up fetches it); failures give null. */
export function loadBaseInfo(): Promise<BaseInfoLite | null> {
  pending ??= request<BaseInfoLite>('/auth/base-info', { ignoreErrors: true, anonymous: true });
  return pending;
}
