import type { ReactNode } from 'react';
import { useServicesLoaded } from '../../providers/services';
import { PageLoading } from '../pages/PageLoading';

/**
 * A screen that may read any service's declarations (a custom page, the back office, the overview, a page not
 * found yet): rendered once every service is loaded (providers/services.ts), its loading state until then. The
 * engine's pages of one service wait for that service only (src/Console.tsx).
 */
export function AllServices({ children, full }: { children: ReactNode; full?: boolean }) {
  return useServicesLoaded() ? children : <PageLoading full={full} />;
}
