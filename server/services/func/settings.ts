/**
 * Stateful functions' configuration (README, Configuration): the runtime driver their servers run on — Multiverse's
 * (`MULTIVERSE_DRIVER`, its Docker Engine or cluster), with images of their own — the host ports they take (a range
 * apart from Multiverse's), where code is unpacked, the address players are given, and the limits on an uploaded
 * archive.
 */
import { join } from 'node:path';
import type { ServerConfig } from '../../config';
import type { DriverSettings } from '../multiverse/runtime/drivers';
import { parsePortRange } from '../multiverse/runtime/ports';
import { multiverseSettings } from '../multiverse/settings';

export interface FuncSettings extends DriverSettings {
  dataDir: string;
  codeMaxBytes: number;
  codeMaxEntries: number;
  stopGraceMs: number;
  /** How often a running server's time is recorded to the meters. */
  billEveryMs: number;
}

/** The driver Multiverse runs on; a function's image is named from its code's digest (`{id}`). */
function driverOf(config: ServerConfig): Pick<FuncSettings, 'driver' | 'docker' | 'agones'> {
  const env = config.env;
  const { driver, docker, agones } = multiverseSettings(config);
  const agonesImage = env.FUNC_AGONES_IMAGE ?? agones?.image;
  if (agones && !agonesImage?.includes('{id}')) throw new Error("FUNC_AGONES_IMAGE needs '{id}' for the digest of a function's code (e.g. registry.example.com/functions/code:{id})");
  return {
    driver,
    ...(docker ? { docker: { ...docker, image: env.FUNC_DOCKER_IMAGE ?? 'lodestar-func:{id}' } } : {}),
    ...(agones ? { agones: { ...agones, image: agonesImage! } } : {}),
  };
}

export function funcSettings(config: ServerConfig): FuncSettings {
  const env = config.env;
  return {
    ...driverOf(config),
    ports: parsePortRange(env.FUNC_PORT_RANGE ?? '6100-6999'),
    dataDir: env.FUNC_DATA_DIR ?? join(config.dataDir, 'func'),
    publicHost: env.FUNC_PUBLIC_HOST ?? env.MULTIVERSE_PUBLIC_HOST ?? '127.0.0.1',
    interpreters: { node: process.execPath },
    codeMaxBytes: Number(env.FUNC_CODE_LIMIT_MB ?? 200) * 1_000_000,
    codeMaxEntries: Number(env.FUNC_CODE_MAX_FILES ?? 20_000),
    stopGraceMs: Number(env.FUNC_STOP_GRACE_MS ?? 5000),
    billEveryMs: Number(env.FUNC_BILL_EVERY_S ?? 60) * 1000,
  };
}
