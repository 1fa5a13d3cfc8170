/**
 * The matchmaker's function, pure: from a pool of waiting tickets and a config, the matches to form now. Each match is
 * built around its oldest ticket (the anchor, taken oldest first): its rules as relaxed at the anchor's waiting time,
 * in one of the config's regions every ticket accepts, every team full. The tick (`tick.ts`) and the rule test
 * (`simulate.ts`) both run this same code.
 *
 * Rules: `difference` — the highest and lowest value of the attribute in a match differ by at most the allowed
 * difference; `equal` — every ticket has the anchor's value. A rule's relaxations replace its allowed difference (or
 * drop the rule) from their `afterSeconds` on. Candidates are taken nearest the anchor first by the first difference
 * rule still in force, so a match is as even as the pool allows.
 */

export interface Relaxation {
  afterSeconds: number;
  maxDifference?: number;
  ignore?: boolean;
}

export interface Rule {
  name: string;
  attribute: string;
  kind: 'difference' | 'equal';
  maxDifference?: number;
  relaxations?: Relaxation[];
}

export interface Team {
  name: string;
  size: number;
}

export interface MatchConfig {
  teams: Team[];
  rules?: Rule[];
  regions: string[];
  timeoutSeconds?: number;
}

export type AttributeValue = number | string | boolean;

export interface PoolTicket {
  id: string;
  /** When it was submitted (ms since the epoch, or since a simulation's start). */
  createdMs: number;
  attributes?: Record<string, AttributeValue>;
  /** The regions it accepts (none: every region of the config). */
  regions?: string[];
}

export interface FormedTeam<T extends PoolTicket = PoolTicket> {
  name: string;
  tickets: T[];
}

export interface FormedMatch<T extends PoolTicket = PoolTicket> {
  region: string;
  teams: FormedTeam<T>[];
  /** The spread of the teams' averages of the first difference rule's attribute (0 without one). */
  balance: number;
  /** The anchor's waiting time when formed. */
  maxWaitSeconds: number;
}

/** A rule as it stands after `waitSeconds`: dropped, or with its allowed difference. */
export interface RuleNow {
  rule: Rule;
  maxDifference: number;
}

/** The rules in force after waiting `waitSeconds` (a dropped rule is left out). */
export function rulesAt(rules: Rule[] = [], waitSeconds: number): RuleNow[] {
  const out: RuleNow[] = [];
  for (const rule of rules) {
    let max = rule.maxDifference ?? 0;
    let ignored = false;
    for (const step of rule.relaxations ?? []) {
      if (step.afterSeconds > waitSeconds) break;
      if (step.ignore) ignored = true;
      if (step.maxDifference !== undefined) max = step.maxDifference;
    }
    if (!ignored) out.push({ rule, maxDifference: max });
  }
  return out;
}

export const matchSize = (config: Pick<MatchConfig, 'teams'>) => config.teams.reduce((n, t) => n + t.size, 0);

const numberOf = (t: PoolTicket, attribute: string): number | undefined => {
  const v = t.attributes?.[attribute];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};

const accepts = (t: PoolTicket, region: string) => !t.regions?.length || t.regions.includes(region);

/** The first difference rule of a config (what team balance is measured by). */
export const balanceAttribute = (config: Pick<MatchConfig, 'rules'>) => config.rules?.find((r) => r.kind === 'difference')?.attribute;

/**
 * Puts a match's tickets in its teams so the teams' averages of `attribute` are close: highest value first, each into
 * the team with room whose sum per place so far is lowest. Without an attribute, in the tickets' order.
 */
export function assignTeams<T extends PoolTicket>(teams: Team[], tickets: T[], attribute?: string): FormedTeam<T>[] {
  const out = teams.map((t) => ({ name: t.name, size: t.size, tickets: [] as T[], sum: 0 }));
  const ordered = attribute ? [...tickets].sort((a, b) => (numberOf(b, attribute) ?? 0) - (numberOf(a, attribute) ?? 0)) : tickets;
  for (const t of ordered) {
    const open = out.filter((team) => team.tickets.length < team.size);
    // The team furthest below its share so far (its sum per place), so the averages end close.
    const pick = attribute ? open.reduce((best, team) => (team.sum / team.size < best.sum / best.size ? team : best)) : open[0];
    pick.tickets.push(t);
    pick.sum += attribute ? (numberOf(t, attribute) ?? 0) : 0;
  }
  return out.map(({ name, tickets: ts }) => ({ name, tickets: ts }));
}

/** The spread (highest minus lowest) of the teams' averages of `attribute`. */
export function teamSpread(teams: FormedTeam[], attribute?: string): number {
  if (!attribute) return 0;
  const avgs = teams.filter((t) => t.tickets.length).map((t) => t.tickets.reduce((s, x) => s + (numberOf(x, attribute) ?? 0), 0) / t.tickets.length);
  return avgs.length ? Math.max(...avgs) - Math.min(...avgs) : 0;
}

/** The tickets of one region and one set of equal-rule values, sorted by an attribute (or by age). */
interface Bucket<T> {
  tickets: T[];
  values: number[];
}

function lowerBound(values: number[], v: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Forms what matches it can from `pool` (oldest first) at `nowMs`; a ticket is in at most one. Tickets lacking an
 * attribute a rule in force names are not matched by it.
 */
export function formMatches<T extends PoolTicket>(config: MatchConfig, pool: T[], nowMs: number): FormedMatch<T>[] {
  const size = matchSize(config);
  if (size < 1 || pool.length < size) return [];
  const taken = new Set<string>();
  const buckets = new Map<string, Bucket<T>>();
  const balanceBy = balanceAttribute(config);
  const matches: FormedMatch<T>[] = [];

  const bucketOf = (region: string, equal: RuleNow[], anchor: T, sortBy: string | undefined): Bucket<T> => {
    const equalValues = equal.map((r) => anchor.attributes?.[r.rule.attribute]);
    const key = JSON.stringify([region, equal.map((r) => r.rule.attribute), equalValues, sortBy ?? null]);
    let b = buckets.get(key);
    if (!b) {
      const tickets = pool.filter((t) => accepts(t, region) && equal.every((r, i) => t.attributes?.[r.rule.attribute] === equalValues[i]) && (sortBy === undefined || numberOf(t, sortBy) !== undefined));
      if (sortBy !== undefined) tickets.sort((a, b2) => numberOf(a, sortBy)! - numberOf(b2, sortBy)!);
      b = { tickets, values: sortBy === undefined ? [] : tickets.map((t) => numberOf(t, sortBy)!) };
      buckets.set(key, b);
    }
    return b;
  };

  for (const anchor of pool) {
    if (taken.has(anchor.id)) continue;
    const wait = Math.max(0, (nowMs - anchor.createdMs) / 1000);
    const now = rulesAt(config.rules, wait);
    const equal = now.filter((r) => r.rule.kind === 'equal');
    const diffs = now.filter((r) => r.rule.kind === 'difference');
    if (equal.some((r) => anchor.attributes?.[r.rule.attribute] === undefined) || diffs.some((r) => numberOf(anchor, r.rule.attribute) === undefined)) continue;
    const primary = diffs[0];
    for (const region of config.regions) {
      if (!accepts(anchor, region)) continue;
      const bucket = bucketOf(region, equal, anchor, primary?.rule.attribute);
      const chosen = pickAround(bucket, anchor, primary, diffs, taken, size - 1);
      if (!chosen) continue;
      const tickets = [anchor, ...chosen];
      for (const t of tickets) taken.add(t.id);
      const teams = assignTeams(config.teams, tickets, balanceBy);
      matches.push({ region, teams, balance: teamSpread(teams, balanceBy), maxWaitSeconds: wait });
      break;
    }
  }
  return matches;
}

/**
 * Up to `need` tickets of the bucket besides the anchor, nearest the anchor's value first, keeping every difference
 * rule in force; undefined when fewer fit.
 */
function pickAround<T extends PoolTicket>(bucket: Bucket<T>, anchor: T, primary: RuleNow | undefined, diffs: RuleNow[], taken: Set<string>, need: number): T[] | undefined {
  const chosen: T[] = [];
  const lo = new Map<string, number>();
  const hi = new Map<string, number>();
  for (const d of diffs) {
    const v = numberOf(anchor, d.rule.attribute)!;
    lo.set(d.rule.attribute, v);
    hi.set(d.rule.attribute, v);
  }
  const tryAdd = (t: T) => {
    if (t.id === anchor.id || taken.has(t.id)) return;
    for (const d of diffs) {
      const v = numberOf(t, d.rule.attribute);
      if (v === undefined) return;
      const a = d.rule.attribute;
      if (Math.max(hi.get(a)!, v) - Math.min(lo.get(a)!, v) > d.maxDifference) return;
    }
    for (const d of diffs) {
      const v = numberOf(t, d.rule.attribute)!;
      lo.set(d.rule.attribute, Math.min(lo.get(d.rule.attribute)!, v));
      hi.set(d.rule.attribute, Math.max(hi.get(d.rule.attribute)!, v));
    }
    chosen.push(t);
  };
  if (!primary) {
    for (const t of bucket.tickets) {
      tryAdd(t);
      if (chosen.length === need) return chosen;
    }
    return undefined;
  }
  // Outward from the anchor's value, the nearer side first, until both sides are past the allowed difference.
  const v = numberOf(anchor, primary.rule.attribute)!;
  const { tickets, values } = bucket;
  let right = lowerBound(values, v);
  let left = right - 1;
  while (chosen.length < need) {
    const dl = left >= 0 ? v - values[left] : Infinity;
    const dr = right < values.length ? values[right] - v : Infinity;
    if (Math.min(dl, dr) > primary.maxDifference) break;
    if (dl <= dr) tryAdd(tickets[left--]);
    else tryAdd(tickets[right++]);
  }
  return chosen.length === need ? chosen : undefined;
}

/** An open backfill ticket, as the tick offers it places. */
export interface OpenBackfill {
  id: string;
  region?: string;
  attributes?: Record<string, AttributeValue>;
  openSlots: { team: string; count: number }[];
}

/**
 * Whether a waiting ticket may take a place of a running match's backfill: it accepts the backfill's region, and each
 * rule in force at the ticket's own waiting time holds between the ticket and the backfill's attributes (a rule
 * whose attribute the backfill does not give is not checked). Answers the team with a place, or undefined.
 */
export function backfillPlace(config: MatchConfig, ticket: PoolTicket, backfill: OpenBackfill, nowMs: number): string | undefined {
  const region = backfill.region ?? config.regions[0];
  if (!accepts(ticket, region)) return undefined;
  const team = backfill.openSlots.find((s) => s.count > 0)?.team;
  if (!team) return undefined;
  for (const r of rulesAt(config.rules, Math.max(0, (nowMs - ticket.createdMs) / 1000))) {
    const theirs = backfill.attributes?.[r.rule.attribute];
    if (theirs === undefined) continue;
    const mine = ticket.attributes?.[r.rule.attribute];
    if (r.rule.kind === 'equal' && mine !== theirs) return undefined;
    if (r.rule.kind === 'difference' && (typeof mine !== 'number' || typeof theirs !== 'number' || Math.abs(mine - theirs) > r.maxDifference)) return undefined;
  }
  return team;
}
