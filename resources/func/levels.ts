/**
 * A function's level (spec 001 §9 "Func levels"): its CPU in millicores, its memory, whether it is the trial level,
 * how long a server is given to call Ready (the allocation TTL: trial 1 minute, default 10 minutes) and the meter its
 * server time is recorded to — each read from the service's prices, so the figures have one home.
 */
import { func } from '../func';

export type Level = '100m' | '1000m' | '2000m' | '4000m';

const METER: Record<Level, string> = { '100m': 'core0_1', '1000m': 'core1', '2000m': 'core2', '4000m': 'core4' };
const PRICE_KEY: Record<Level, string> = { '100m': 'levelTrialMillicores', '1000m': 'levelStandardMillicores', '2000m': 'levelMidMillicores', '4000m': 'levelHighMillicores' };
/** Memory per core, Mi (the spec's memory per CPU for hosted servers). */
const MEMORY_PER_CORE = 1536;

export interface LevelFigures {
  millicores: number;
  memoryMiB: number;
  trial: boolean;
  allocationTtlMinutes: number;
  meter: string;
}

export function levelOf(level: string): LevelFigures {
  const prices = func.prices ?? {};
  const l = (level in METER ? level : '1000m') as Level;
  const millicores = Number(prices[PRICE_KEY[l]]);
  const trial = millicores === Number(prices.levelTrialMillicores);
  return {
    millicores,
    memoryMiB: Math.ceil((millicores / 1000) * MEMORY_PER_CORE),
    trial,
    allocationTtlMinutes: Number(trial ? prices.allocationTtlTrialMinutes : prices.allocationTtlDefaultMinutes),
    meter: METER[l],
  };
}
