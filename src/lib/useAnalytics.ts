import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from './analytics';
import { fetchBaseInfo } from '../../providers/auth';

/** Reports each page view where the base info allows it (official hosts only, never administrator pages). */
export function useAnalytics(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void fetchBaseInfo().then((info) => trackPageView(info?.Analytics));
  }, [pathname]);
}
