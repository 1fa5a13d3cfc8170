import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { forbidden } from '../engine/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REGISTERED = Symbol.for('lodestar.csrfGuard');

/** Scheme and host the request came to (behind a trusted proxy, as the proxy says). */
function ownOrigin(req: FastifyRequest): string | undefined {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return undefined;
  }
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a state-changing request was sent by another site. Browsers say so in Sec-Fetch-Site; older ones only
 * send Origin, which must then be this server's own address or the configured public one. A request with neither
 * header does not come from a browser page and carries no one's cookies by accident.
 */
export function isCrossSite(req: FastifyRequest, publicUrl: string | undefined): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site' || site === 'same-site';
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const allowed = new Set([ownOrigin(req), originOf(publicUrl)].filter(Boolean));
  return !allowed.has(originOf(origin));
}

/** Refuses (403) state-changing requests sent from other sites. Registering twice on one app adds it once. */
export function registerCsrfGuard(app: FastifyInstance, config: Pick<ServerConfig, 'publicUrl'>): void {
  const marked = app as FastifyInstance & { [REGISTERED]?: boolean };
  if (marked[REGISTERED]) return;
  marked[REGISTERED] = true;
  app.addHook('onRequest', async (req) => {
    if (isCrossSite(req, config.publicUrl)) throw forbidden('cross-site request refused');
  });
}
