import type { BaseRecord } from '@refinedev/core';
import { useApiQuery } from '../../lib/api';

/** A GET of the platform API for a page that shows its own failure (a 403 becomes an "unavailable" page rather than a toast). */
export const useApiGet = <T extends BaseRecord>(url: string | undefined, query?: Record<string, string | number | undefined>) =>
  useApiQuery<T>(url, { query, silent: true });

export { showFieldErrors } from '../../lib/api';
