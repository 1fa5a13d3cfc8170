/**
 * What the operator's factors do, and usage kept by game. The resource factor scales the CPU and memory a server of
 * the app is given (and so reserves and is billed for); the usage-adjust factor scales the usage recorded for the
 * app, for billing and statistics alike. Each billing of a server adds the same core-seconds to its game's day
 * (`game-usage`, Beijing days as billing counts them), which the statistics read by game.
 */
import Decimal from 'decimal.js';
import type { Ctx } from '../../context';
import { records } from '../../engine/query';
import { settingsOf } from '../../engine/singleton';
import { recordUsage, USAGE_ZONE } from '../../usage';
import { modelOf } from '../../context';
import { SERVICE } from './models';

/** The app's factor of that name (`resource-factor`, `usage-adjust-factor`); 1 until an administrator sets it. */
export async function factorOf(ctx: Ctx, scopeId: string, name: 'resource-factor' | 'usage-adjust-factor'): Promise<number> {
  const saved = await settingsOf(ctx.db, modelOf(ctx, SERVICE, name), scopeId);
  return Number(saved.factor ?? 1);
}

/** A revision's CPU and memory as the app's servers are given them: times the resource factor, rounded up. */
export function scaledResources(millicores: number, memoryMiB: number, factor: number): { millicores: number; memoryMiB: number } {
  const times = (n: number) => Math.max(1, new Decimal(n).mul(factor).ceil().toNumber());
  return factor === 1 ? { millicores, memoryMiB } : { millicores: times(millicores), memoryMiB: times(memoryMiB) };
}

/** The Beijing day an instant falls on (YYYY-MM-DD), the day billing counts it in. */
export const usageDay = (at: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: USAGE_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** A game's row of a day: its id names both, so that concurrent additions meet on one record. */
const rowId = (gameId: string, day: string) => `${gameId || 'test-servers'}:${day}`;

async function addToGame(ctx: Ctx, scopeId: string, gameId: string, day: string, coreSeconds: number): Promise<void> {
  const q = records(ctx.db, modelOf(ctx, SERVICE, 'game-usage'));
  const id = rowId(gameId, day);
  for (let attempt = 0; attempt < 3; attempt++) {
    if ((await q.update(scopeId, { id }, { add: { cpuSeconds: coreSeconds } })).length) return;
    try {
      await q.insert(scopeId, { gameId, day, cpuSeconds: coreSeconds }, { id });
      return;
    } catch (e) {
      // Another billing made the row meanwhile: add to it.
      if ((e as { code?: string }).code !== '23505') throw e;
    }
  }
}

/**
 * Records a server's reserved CPU (core-seconds, before the usage-adjust factor) at `at`: the adjusted quantity to
 * billing's `cpu` meter and to its game's day.
 */
export async function recordServerCpu(ctx: Ctx, scopeId: string, gameId: string | undefined, reserved: number, at: Date): Promise<void> {
  const adjusted = Number(new Decimal(reserved).mul(await factorOf(ctx, scopeId, 'usage-adjust-factor')).toFixed(6));
  if (adjusted <= 0) return;
  await recordUsage(ctx.db, scopeId, SERVICE, 'cpu', adjusted.toFixed(6), at);
  await addToGame(ctx, scopeId, gameId ?? '', usageDay(at), adjusted);
}
