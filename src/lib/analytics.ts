/**
 * Page-view reporting (spec 000 §2): only on the official console hosts the server names in its base info, and
 * never on administrator pages. Views go to the configured collector with `navigator.sendBeacon`.
 */

const PRIVATE_PREFIXES = ['/admin', '/bc-admin'];

export function shouldTrack(hostname: string, pathname: string, officialHosts: string[]): boolean {
  if (!officialHosts.map((h) => h.toLowerCase()).includes(hostname.toLowerCase())) return false;
  return !PRIVATE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export interface AnalyticsSettings {
  Hosts?: string[];
  Endpoint?: string;
}

/** Reports one page view when the settings allow it; returns whether it did. */
export function trackPageView(settings: AnalyticsSettings | undefined, where: Location = location): boolean {
  const hosts = settings?.Hosts ?? [];
  if (!settings?.Endpoint || !shouldTrack(where.hostname, where.pathname, hosts)) return false;
  const body = JSON.stringify({ path: where.pathname, referrer: document.referrer, at: new Date().toISOString() });
  return navigator.sendBeacon(settings.Endpoint, new Blob([body], { type: 'application/json' }));
}
