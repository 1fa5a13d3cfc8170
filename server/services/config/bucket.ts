/**
 * Deterministic player buckets for overrides: the same override and player always land in the same place, on
 * every server, across restarts. The hash is MurmurHash3 x86_32 of `${overrideId}:${playerId}` (as UTF-8): seed 0
 * picks the rollout bucket, and a second fixed seed picks the variant, so which players are in a rollout and
 * which variant they get are independent of each other.
 */
import murmurhash from 'murmurhash';

export const ROLLOUT_SEED = 0;
export const VARIANT_SEED = 86028157;

/** MurmurHash3 x86_32 of `key` encoded as UTF-8, as an unsigned 32-bit integer. */
export function murmur3(key: string, seed: number): number {
  return murmurhash.v3(key, seed);
}

function bucketKey(overrideId: string, playerId: string): string {
  return `${overrideId}:${playerId}`;
}

/** The player's rollout bucket for this override, 0 to 99. */
export function rolloutBucket(overrideId: string, playerId: string): number {
  return murmur3(bucketKey(overrideId, playerId), ROLLOUT_SEED) % 100;
}

/**
 * Whether the player is inside a rollout of `percentage` percent: their bucket is below it. 0 admits nobody and
 * 100 everybody; raising the percentage only ever adds players.
 */
export function inRollout(overrideId: string, playerId: string, percentage: number): boolean {
  if (!(percentage > 0)) return false;
  if (percentage >= 100) return true;
  return rolloutBucket(overrideId, playerId) < percentage;
}

/**
 * The player's variant: a point from the variant hash modulo the total weight, placed on the variants' cumulative
 * weights in list order. Weights are integer percentages meant to add up to 100; variants weighing zero (or less)
 * are never picked; with no positive weight at all, nothing is picked.
 */
export function pickVariant<T extends { name: string; weight: number }>(overrideId: string, playerId: string, variants: T[]): T | undefined {
  const weightOf = (v: T) => (Number.isFinite(v.weight) && v.weight > 0 ? v.weight : 0);
  const total = variants.reduce((sum, v) => sum + weightOf(v), 0);
  if (total <= 0) return undefined;
  const point = murmur3(bucketKey(overrideId, playerId), VARIANT_SEED) % total;
  let upTo = 0;
  for (const variant of variants) {
    const weight = weightOf(variant);
    if (weight === 0) continue;
    upTo += weight;
    if (point < upTo) return variant;
  }
  // Only reachable through rounding with fractional weights: the last variant that can be picked.
  return variants.findLast((v) => weightOf(v) > 0);
}
