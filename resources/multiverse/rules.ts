/**
 * Multiverse's rules that both the server and the console read (spec 001 §5 and §9): an environment variable's name as
 * a game server receives it, a profile revision's CPU in millicores and its memory, and a profile's defaults.
 */
import Decimal from 'decimal.js';
import { multiversePrices } from './prices';

/**
 * Spec 001 §5: characters outside letters, digits, underscore and dollar become underscore; a name starting with a
 * digit, an underscore or a dollar is prefixed with an underscore.
 */
export function normaliseEnvName(name: string): string {
  const replaced = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[0-9_$]/.test(replaced) ? `_${replaced}` : replaced;
}

/** CPU cores as millicores: ceil(1000 × cores), in decimal (0.3 cores is 300m, never 301m from a float). */
export function millicoresOf(cores: number | string): number {
  return new Decimal(cores).mul(1000).ceil().toNumber();
}

/** Memory in MiB for that CPU: the app's memory per CPU core (default 1536 MiB, spec 001 §9) times the cores, rounded up. */
export function memoryMiBOf(millicores: number, memoryPerCpu: number = Number(multiversePrices.memoryPerCpu)): number {
  return new Decimal(millicores).mul(memoryPerCpu).div(1000).ceil().toNumber();
}

/** A fleet's buffer: 20 % of its allocated servers (spec 001 §9), rounded up, and at least the minimum of 1. */
export function fleetBuffer(allocated: number, percent = Number(multiversePrices.bufferPercent), min = Number(multiversePrices.minServers)): number {
  return Math.max(min, new Decimal(allocated).mul(percent).div(100).ceil().toNumber());
}
