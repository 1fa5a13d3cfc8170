import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { request } from '../../providers/http';

const STORAGE_KEY = 'lodestar.webVersion';

/**
 * Spec 000 §7: before each navigation, read the web-version file (cache-busted) and reload the page when the
 * console has been redeployed since it was loaded. Failures are ignored.
 */
export function useWebVersionCheck(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    let cancelled = false;
    void request<{ version?: string }>('/web-version.json', { query: { t: Date.now() }, ignoreErrors: true, anonymous: true }).then((answer) => {
      const version = answer?.version;
      if (cancelled || !version) return;
      const known = sessionStorage.getItem(STORAGE_KEY);
      sessionStorage.setItem(STORAGE_KEY, version);
      if (known && known !== version) window.location.reload();
    });
    return () => {
      cancelled = true;
    };
  }, [pathname]);
}
