/**
 * Multiverse's configuration (README, Configuration): which driver runs game servers, the host ports they take, where
 * images are unpacked, the address players are given, the regions and locations this deployment serves, and the
 * limits on an uploaded build.
 */
import { join } from 'node:path';
import type { ServerConfig } from '../../config';
import { parsePortRange, type PortRange } from './runtime/ports';

export interface MultiverseSettings {
  driver: 'process';
  ports: PortRange;
  dataDir: string;
  publicHost: string;
  /** Region name → the location (machine) serving it. */
  regions: { name: string; location: string }[];
  interpreters: Record<string, string>;
  imageMaxBytes: number;
  imageMaxEntries: number;
  /** How long a server is given to stop before it is killed. */
  stopGraceMs: number;
  /** How often a running server's reserved CPU is billed. */
  billEveryMs: number;
}

const DRIVERS = ['process'] as const;

export function multiverseSettings(config: ServerConfig): MultiverseSettings {
  const env = config.env;
  const driver = env.MULTIVERSE_DRIVER ?? 'process';
  if (!(DRIVERS as readonly string[]).includes(driver)) throw new Error(`MULTIVERSE_DRIVER '${driver}' is not one this server has (process)`);
  const location = env.MULTIVERSE_LOCATION ?? 'local';
  const regions = (env.MULTIVERSE_REGIONS ?? 'local')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((name) => ({ name, location }));
  return {
    driver: 'process',
    ports: parsePortRange(env.MULTIVERSE_PORT_RANGE ?? '7000-7999'),
    dataDir: env.MULTIVERSE_DATA_DIR ?? join(config.dataDir, 'multiverse'),
    publicHost: env.MULTIVERSE_PUBLIC_HOST ?? '127.0.0.1',
    regions,
    interpreters: { node: process.execPath },
    imageMaxBytes: Number(env.MULTIVERSE_IMAGE_LIMIT_MB ?? 500) * 1_000_000,
    imageMaxEntries: Number(env.MULTIVERSE_IMAGE_MAX_FILES ?? 20_000),
    stopGraceMs: Number(env.MULTIVERSE_STOP_GRACE_MS ?? 5000),
    billEveryMs: Number(env.MULTIVERSE_BILL_EVERY_S ?? 60) * 1000,
  };
}
