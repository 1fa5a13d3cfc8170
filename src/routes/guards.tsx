import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { fetchSessions, type AuthCheck } from '../../providers/auth';
import { PageLoading } from '../pages/PageLoading';

/** The administrator sign-in page. */
export const ADMIN_SIGN_IN_PATH = '/admin/login';

/** Both sessions, read once per mount (the HTTP client handles expiry on later calls). */
export function useSessions(): AuthCheck | undefined {
  const [answer, setAnswer] = useState<AuthCheck>();
  useEffect(() => {
    let live = true;
    void fetchSessions().then((s) => live && setAnswer(s));
    return () => {
      live = false;
    };
  }, []);
  return answer;
}

/** Administrator pages: without an administrator session, the administrator sign-in page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const sessions = useSessions();
  const { pathname, search } = useLocation();
  if (!sessions) return <PageLoading full />;
  if (!sessions.admin) return <Navigate to={`${ADMIN_SIGN_IN_PATH}?to=${encodeURIComponent(pathname + search)}`} replace />;
  return <>{children}</>;
}
