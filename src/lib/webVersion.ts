import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { request } from '../../providers/http';
import { WEB_VERSION_META } from './web-version-meta';

const STORAGE_KEY = 'lodestar.webVersion';

/**
 * The version the page was loaded as (the server names it in the page): what the checks compare with from the start,
 * so the first load after a redeploy is not taken for a stale one. A page without it (the development server) starts
 * from the version its first check reads.
 */
export function startFromLoadedVersion(): void {
  const loaded = document.querySelector<HTMLMetaElement>(`meta[name="${WEB_VERSION_META}"]`)?.content;
  if (loaded) sessionStorage.setItem(STORAGE_KEY, loaded);
}

/**
 * Spec 000 §7: before each navigation, read the web-version file (cache-busted) and reload the page when the
 * console has been redeployed since it was loaded (`startFromLoadedVersion`). Failures are ignored.
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
