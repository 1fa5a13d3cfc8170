import type { ServerConfig } from './config';

/** The origin of an address, or undefined when it is not one. */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Where the console itself connects besides this server: the page-view collector, and the S3 bucket that signed
 * upload links point at (path style at its endpoint, or AWS's virtual-hosted address).
 */
function connectSources(config: ServerConfig): string[] {
  const s3 = config.s3;
  const bucket = s3 && (s3.endpoint ? originOf(s3.endpoint) : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`);
  return ["'self'", originOf(config.analyticsEndpoint), bucket].filter((s): s is string => Boolean(s));
}

/**
 * The Content-Security-Policy of every answer: scripts only from this server (the console and the API reference
 * load theirs from files, none inline), styles also inline (Ant Design writes its styles at run time), images and
 * fonts from here or data: URLs, no plugins, no framing, forms only back to this server.
 */
export function contentSecurityPolicy(config: ServerConfig): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connectSources(config).join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every answer carries; HSTS only in production, where the server sits behind TLS. */
export function securityHeaders(config: ServerConfig): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'content-security-policy': contentSecurityPolicy(config),
    ...(config.production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
