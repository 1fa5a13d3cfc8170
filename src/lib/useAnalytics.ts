import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from './analytics';
import { loadBaseInfo } from './baseInfo';

/** Reports each page view where the base info allows it (official hosts only, never administrator pages). */
export function useAnalytics(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void loadBaseInfo().then((info) => trackPageView(info?.Analytics));
  }, [pathname]);
}
