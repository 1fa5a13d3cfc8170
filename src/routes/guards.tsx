import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { fetchSessions, type AuthCheck } from '../../providers/auth';
import { PageLoading } from '../pages/PageLoading';

/** The administrator sign-in page. */
export const ADMIN_SIGN_IN_PATH = '/admin/login';
/** The finance administrator sign-in page. */
export const FINANCE_SIGN_IN_PATH = '/bc-admin/login';

/** The two back offices: the administrators' (/admin) and the finance administrators' (/bc-admin). */
export const BACK_OFFICES = {
  admin: { base: '/admin', signIn: ADMIN_SIGN_IN_PATH, session: 'admin', pages: 'admin' },
  finance: { base: '/bc-admin', signIn: FINANCE_SIGN_IN_PATH, session: 'financeAdmin', pages: 'finance' },
} as const;
export type BackOffice = keyof typeof BACK_OFFICES;

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

/** Back-office pages: without that back office's session, its sign-in page. */
export function RequireBackOffice({ office, children }: { office: BackOffice; children: ReactNode }) {
  const sessions = useSessions();
  const { pathname, search } = useLocation();
  const { session, signIn } = BACK_OFFICES[office];
  if (!sessions) return <PageLoading full />;
  if (!sessions[session]) return <Navigate to={`${signIn}?to=${encodeURIComponent(pathname + search)}`} replace />;
  return <>{children}</>;
}
