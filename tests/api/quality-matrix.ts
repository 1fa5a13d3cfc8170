import type { LightMyRequestResponse } from 'fastify';
import type { RouteDef } from '../../server/engine/api';
import { allowedHeaders, expectAllowed, isPublic } from './quality-access';
import { changedTables } from './quality-db';
import { errorShapeProblem } from './quality-shape';
import { probeOf, requestOf, type Probe } from './quality-requests';
import { PRINCIPALS, settledDigest, type MatrixPrincipal, type World } from './quality-world';

/**
 * One row of the access matrix: a route called by each of the eight callers with the same valid request aimed at
 * organisation A. Each answer is held against what the declarations allow, and the database is checked: a refused
 * call leaves every table as it was; an allowed call changes nothing of the other tenant's.
 */

const REFUSALS = new Set([401, 403, 404]);
/** Callers with no standing in A: their reads may also come back empty instead of refused. */
const STRANGERS = new Set<MatrixPrincipal>(['outsider', 'other-app']);
/** A's own callers, who must never see or touch B's data. */
const INSIDERS = new Set<MatrixPrincipal>(['member', 'org-admin', 'owner']);

const mentions = (text: string, marks: string[]) => marks.find((m) => text.includes(m));

export interface MatrixRow {
  route: RouteDef;
  probe: Probe;
  /** Each caller's status, in PRINCIPALS order. */
  statuses: number[];
  allowed: boolean[];
  problems: string[];
}

interface Seen {
  res: LightMyRequestResponse;
  changed: string[];
  /** Tables whose rows of the named tenant changed. */
  touchedA: string[];
  touchedB: string[];
}

async function call(w: World, probe: Probe, headers: Record<string, string>): Promise<Seen> {
  const mark = await w.state.writeMark();
  const res = await w.h.req(requestOf(probe, headers));
  if ((await w.state.writeMark()) === mark) return { res, changed: [], touchedA: [], touchedB: [] };
  const changed = changedTables(w.baseline, await settledDigest(w));
  if (!changed.length) return { res, changed, touchedA: [], touchedB: [] };
  const touchedA = changedTables(w.tenants.a, await settledDigest(w, w.a.marks));
  const touchedB = changedTables(w.tenants.b, await settledDigest(w, w.b.marks));
  await w.reset(changed);
  return { res, changed, touchedA, touchedB };
}

/** What the other answers are held against: the anonymous caller's status, and the status of a caller the route allows. */
interface Reference {
  anonymous: number;
  entitled: number;
}

function judge(route: RouteDef, probe: Probe, p: MatrixPrincipal, seen: Seen, ref: Reference, w: World): string[] {
  const { res } = seen;
  const status = res.statusCode;
  const out: string[] = [];
  const shape = status >= 400 ? errorShapeProblem(res) : undefined;
  if (shape) out.push(shape);
  if (status >= 500) return [...out, `answered ${status}`];
  const body = res.body ?? '';
  if (isPublic(route)) {
    // Anyone may call it: who calls must not change the answer (a rate limit aside).
    if (status !== ref.anonymous && status !== 429) out.push(`answered ${status} where an anonymous caller got ${ref.anonymous}`);
    return out;
  }
  if (expectAllowed(route, p, probe.targetsA)) {
    if (status === 401 || status === 403) out.push(`refused (${status}) though allowed`);
    // Not found is about the data only when the route's own caller is told so too.
    if (status === 404 && ref.entitled !== 404) out.push(`answered 404 where ${ref.entitled} was answered to A's own caller`);
    // The platform's records (`auth: 'platform'`) are no tenant's: every app reads the same ones.
    if (STRANGERS.has(p) && route.auth !== 'platform') {
      const leak = mentions(body, w.a.marks);
      if (status < 300 && leak) out.push(`showed A's ${leak}`);
      if (seen.touchedA.length) out.push(`changed A's rows in ${seen.touchedA.join(', ')}`);
    }
    if (INSIDERS.has(p)) {
      const leak = mentions(body, w.b.marks);
      if (status < 300 && leak) out.push(`showed B's ${leak}`);
      if (seen.touchedB.length) out.push(`changed B's rows in ${seen.touchedB.join(', ')}`);
    }
    return out;
  }
  // A stranger may also be told that what it named does not exist for it (400 naming the field), or read nothing.
  const notForIt = STRANGERS.has(p) && status === 400;
  const nothingOfA = STRANGERS.has(p) && status < 300 && !mentions(body, w.a.marks) && !seen.changed.length;
  if (!REFUSALS.has(status) && !notForIt && !nothingOfA) out.push(`answered ${status} where it should be refused`);
  if (seen.changed.length) out.push(`wrote to ${seen.changed.join(', ')} though refused`);
  return out;
}

/** Calls the route as each of the eight callers and judges every answer. */
export async function matrixRow(w: World, route: RouteDef): Promise<MatrixRow> {
  const probe = probeOf(w, route);
  const row: MatrixRow = { route, probe, statuses: [], allowed: [], problems: [] };
  const ref: Reference = { anonymous: 0, entitled: (await call(w, probe, allowedHeaders(w, route))).res.statusCode };
  for (const p of PRINCIPALS) {
    const seen = await call(w, probe, w.headers[p]);
    if (p === 'anonymous') ref.anonymous = seen.res.statusCode;
    row.statuses.push(seen.res.statusCode);
    row.allowed.push(isPublic(route) || expectAllowed(route, p, probe.targetsA));
    for (const problem of judge(route, probe, p, seen, ref, w)) row.problems.push(`${p}: ${problem}`);
  }
  return row;
}
