import leaderboardSchema from '../../../../schemas/passport/leaderboards/leaderboard.json' with { type: 'json' };
import type { FieldError } from '../../../engine/errors';

export type UpdateType = 'KeepBest' | 'KeepLatest' | 'Aggregate';
export type MemberType = 'Player' | 'Entity';
export type SortOrder = 'Asc' | 'Desc';
export type TierStrategy = 'Score' | 'Rank' | 'Percent';
export type RewardStrategy = 'General' | 'InBucket' | 'ByTier';

export interface Tier {
  name: string;
  threshold: number;
}

export interface RewardItem {
  resource: string;
  amount: number;
}

export interface RewardEntry {
  fromRank?: number;
  toRank?: number;
  tier?: string;
  items: RewardItem[];
}

/** How a board ranks, tiers and rewards its members: the part of its settings a closed version keeps. */
export interface BoardRules {
  updateType: UpdateType;
  memberType: MemberType;
  sortOrder: SortOrder;
  tierStrategy: TierStrategy;
  tiers: Tier[];
  rewardStrategy: RewardStrategy;
  rewards: RewardEntry[];
}

const RULE_FIELDS = ['updateType', 'memberType', 'sortOrder', 'tierStrategy', 'tiers', 'rewardStrategy', 'rewards'] as const;
const declared = leaderboardSchema.properties as Record<string, { default?: unknown }>;

/** The rules of a stored leaderboard record, with the schema's defaults for what it leaves out. */
export function rulesOf(record: Record<string, unknown>): BoardRules {
  return Object.fromEntries(RULE_FIELDS.map((k) => [k, record[k] ?? structuredClone(declared[k].default)])) as unknown as BoardRules;
}

/** Ascending rank keys are best first: Desc boards rank by the negated score. */
export const rankSign = (order: SortOrder): 1 | -1 => (order === 'Desc' ? -1 : 1);

/** Percent thresholds carry at most two decimals, so "within the top x %" is decided in whole numbers. */
const hundredths = (percent: number) => Math.round(percent * 100);

/**
 * The tier of a member at `rank` (1-based) of `total` with `score`: the first tier, best first, whose threshold it
 * meets — the score reaches it (Score), the rank is at most it (Rank), or the rank is within the top threshold
 * percent of the members (Percent). None met: no tier.
 */
export function tierOf(rules: BoardRules, rank: number, total: number, score: number): string | null {
  for (const tier of rules.tiers) {
    const t = tier.threshold;
    const met =
      rules.tierStrategy === 'Score'
        ? rules.sortOrder === 'Desc'
          ? score >= t
          : score <= t
        : rules.tierStrategy === 'Rank'
          ? rank <= t
          : rank * 10_000 <= hundredths(t) * total;
    if (met) return tier.name;
  }
  return null;
}

/** What a member at `rank` with `tier` is granted when the version closes, or null for nothing. */
export function rewardOf(rules: BoardRules, rank: number, tier: string | null): RewardItem[] | null {
  const entry =
    rules.rewardStrategy === 'General'
      ? rules.rewards[0]
      : rules.rewardStrategy === 'InBucket'
        ? rules.rewards.find((r) => r.fromRank !== undefined && r.toRank !== undefined && r.fromRank <= rank && rank <= r.toRank)
        : tier === null
          ? undefined
          : rules.rewards.find((r) => r.tier === tier);
  return entry ? entry.items : null;
}

/**
 * The last rank that can be rewarded, when the rules bound it (rank buckets, or tiers by rank): members past it
 * need not be looked at.
 */
export function lastRewardableRank(rules: BoardRules, total: number): number {
  if (rules.rewards.length === 0) return 0;
  if (rules.rewardStrategy === 'InBucket') return Math.min(total, Math.max(...rules.rewards.map((r) => r.toRank ?? 0)));
  if (rules.rewardStrategy === 'ByTier' && rules.tierStrategy === 'Rank') {
    const rewarded = rules.tiers.filter((t) => rules.rewards.some((r) => r.tier === t.name));
    return Math.min(total, Math.max(0, ...rewarded.map((t) => Math.floor(t.threshold))));
  }
  return total;
}

function tierErrors(rules: BoardRules): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  rules.tiers.forEach((tier, i) => {
    const at = `/tiers/${i}/threshold`;
    const t = tier.threshold;
    if (names.has(tier.name)) errors.push({ field: `/tiers/${i}/name`, message: 'tier names must be unique' });
    names.add(tier.name);
    if (rules.tierStrategy === 'Rank' && !(Number.isInteger(t) && t >= 1)) errors.push({ field: at, message: 'rank thresholds are whole numbers from 1' });
    if (rules.tierStrategy === 'Percent' && !(t > 0 && t <= 100 && Math.abs(hundredths(t) - t * 100) < 1e-6)) {
      errors.push({ field: at, message: 'percent thresholds are between 0 and 100 with at most two decimals' });
    }
    if (rules.tierStrategy === 'Score' && !Number.isInteger(t)) errors.push({ field: at, message: 'score thresholds are whole numbers' });
    if (i > 0) {
      const prev = rules.tiers[i - 1].threshold;
      // Best first: higher scores first on Desc boards; otherwise smaller thresholds (scores, ranks, percentages).
      const ordered = rules.tierStrategy === 'Score' && rules.sortOrder === 'Desc' ? t < prev : t > prev;
      if (!ordered) errors.push({ field: at, message: 'tiers go from the best to the worst' });
    }
  });
  return errors;
}

function rewardErrors(rules: BoardRules): FieldError[] {
  const errors: FieldError[] = [];
  const tiers = new Set(rules.tiers.map((t) => t.name));
  const rewardedTiers = new Set<string>();
  rules.rewards.forEach((r, i) => {
    const at = `/rewards/${i}`;
    const ranked = r.fromRank !== undefined || r.toRank !== undefined;
    if (rules.rewardStrategy === 'General') {
      if (i > 0) errors.push({ field: at, message: 'a general reward has one entry' });
      if (ranked || r.tier !== undefined) errors.push({ field: at, message: 'a general reward has no ranks or tier' });
    } else if (rules.rewardStrategy === 'InBucket') {
      if (r.tier !== undefined) errors.push({ field: `${at}/tier`, message: 'a rank bucket has no tier' });
      if (r.fromRank === undefined || r.toRank === undefined) {
        errors.push({ field: r.fromRank === undefined ? `${at}/fromRank` : `${at}/toRank`, message: 'a rank bucket needs its first and last rank' });
      } else if (r.fromRank > r.toRank) {
        errors.push({ field: `${at}/toRank`, message: 'the last rank comes after the first' });
      } else if (rules.rewards.slice(0, i).some((o) => o.fromRank !== undefined && o.toRank !== undefined && o.fromRank <= r.toRank! && r.fromRank! <= o.toRank)) {
        errors.push({ field: `${at}/fromRank`, message: 'rank buckets must not overlap' });
      }
    } else {
      if (ranked) errors.push({ field: at, message: 'a tier reward has no ranks' });
      if (r.tier === undefined || !tiers.has(r.tier)) errors.push({ field: `${at}/tier`, message: 'a tier reward names one of the tiers' });
      else if (rewardedTiers.has(r.tier)) errors.push({ field: `${at}/tier`, message: 'each tier is rewarded once' });
      if (r.tier !== undefined) rewardedTiers.add(r.tier);
    }
  });
  return errors;
}

/** What the schema cannot say about tiers and rewards; each problem names its field. */
export function checkRules(rules: BoardRules): FieldError[] {
  return [...tierErrors(rules), ...rewardErrors(rules)];
}
