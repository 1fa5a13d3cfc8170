import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchPath } from 'react-router';
import { appHeaders, callKey, CARRIED_ANSWERS_ID, type CarriedAnswer } from '../providers/carried-answers';
import type { AppRecord } from '../providers/types';
import type { Queryable } from './db';
import { enabledServiceDetails } from './platform/app-services';
import { firstRead, manifestRoute, ROUTE_MANIFEST_FILE, type ManifestRoute } from '../src/engine/route-manifest';

/** The session cookie a signed-in member's page load carries (server/auth/sessions.ts). */
const SESSION = /(?:^|;\s*)sst=[^;]/;

/** The reads every app page makes first, made without the app's credential. */
const SHELL_READS = ['/auth/auth-check', '/auth/base-info'];

/** The build's route manifest (src/engine/route-manifest.ts), read per request as the page is: a new build needs no restart. */
export function readManifest(root: string): ManifestRoute[] {
  const file = join(root, ROUTE_MANIFEST_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ManifestRoute[]) : [];
}

/**
 * The answers an app's page opened directly carries (providers/carried-answers.ts): made here, as the member who
 * asked for the page (the same cookies, the same address), through the server's own routes — the sessions, the
 * console's base information, the app's record, and the first read of the list the address opens (with the app's
 * credential from that record, as the console sends it) — and the app's enabled services' details. Only answers that
 * succeeded are carried; the page makes any other call itself. No session, or an address outside an app: nothing.
 */
export function carriedAnswers(app: FastifyInstance, db: Queryable, req: FastifyRequest, root: string, url: string): Promise<CarriedAnswer[]> | undefined {
  const cookie = req.headers.cookie;
  if (!cookie || !SESSION.test(cookie)) return undefined;
  const [pathname, search = ''] = url.split('?');
  const appId = matchPath('/services/:appId/*', pathname)?.params.appId;
  if (!appId) return undefined;
  return answersFor(app, db, req, root, cookie, appId, pathname, search);
}

async function answersFor(app: FastifyInstance, db: Queryable, req: FastifyRequest, root: string, cookie: string, appId: string, pathname: string, search: string): Promise<CarriedAnswer[]> {
  const ask = async (method: string, address: string, headers: Record<string, string> = {}, body?: unknown) => {
    const answer = await app.inject({
      method: method as 'GET',
      url: address,
      headers: { cookie, accept: 'application/json', 'accept-language': req.headers['accept-language'] ?? '', ...headers },
      remoteAddress: req.ip,
      ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { cookie, accept: 'application/json', 'content-type': 'application/json', ...headers } }),
    });
    return answer.statusCode === 200 && answer.headers['content-type']?.toString().includes('json') ? (answer.json() as unknown) : undefined;
  };
  const carried: CarriedAnswer[] = [];
  const keep = (key: string, body: unknown) => body !== undefined && carried.push({ key, body });
  const recordPath = `/api/app/${encodeURIComponent(appId)}`;
  const [record, ...shell] = await Promise.all([ask('GET', recordPath), ...SHELL_READS.map((path) => ask('GET', path))]);
  SHELL_READS.forEach((path, i) => keep(callKey('GET', undefined, path), shell[i]));
  keep(callKey('GET', undefined, recordPath), record);
  const route = manifestRoute(readManifest(root), pathname);
  const read = route && firstRead(route, appId, search);
  const listRead = async () => {
    if (!read || (read.appId && !record)) return;
    const headers = read.appId ? appHeaders(record as AppRecord) : {};
    keep(callKey(read.method, read.appId, read.path, read.body), await ask(read.method, read.path, headers, read.body));
  };
  /**
   * The details of each service the app has enabled (GET /api/app/service/:serviceId), which the app's layout reads
   * before it shows a service's page (src/pages/apps/useAppLoader.ts, spec 000 §4). Read together rather than one
   * call each: who may read the app's record may read its services' details (both are its organisation's members'
   * and administrators'), and the record came.
   */
  const serviceDetails = async () => {
    if (!record) return;
    for (const details of await enabledServiceDetails(db, appId)) keep(callKey('GET', undefined, `/api/app/service/${encodeURIComponent(details.ServiceId)}`), details);
  };
  await Promise.all([listRead(), serviceDetails()]);
  return carried;
}

/** The answers as the page's element: JSON that cannot end the script element it is in. */
export const carriedElement = (answers: CarriedAnswer[]): string =>
  answers.length === 0 ? '' : `<script type="application/json" id="${CARRIED_ANSWERS_ID}">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;
