/** Shapes of the platform API the console reads (spec 000 §3, ADR 0001). */

export type { AppList, AppRecord, ServiceState } from '../resources/platform';

export interface Identity {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

/** One failing field of a 400: `field` is a JSON pointer into the body, or `query.<name>` / `params.<name>`. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The one error shape of every failure. */
export interface ErrorBody {
  message?: string;
  errorMsg?: string;
  code?: string;
  details?: FieldIssue[];
}

/** A page of a REST list (ADR 0001). */
export interface ListPage<T> {
  total: number;
  items: T[];
}
