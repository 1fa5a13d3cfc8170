/**
 * Stateful functions' configuration (README, Configuration): the host ports their servers take (a range apart from
 * Multiverse's), where code is unpacked, the address players are given, and the limits on an uploaded archive.
 */
import { join } from 'node:path';
import type { ServerConfig } from '../../config';
import { parsePortRange, type PortRange } from '../multiverse/runtime/ports';

export interface FuncSettings {
  ports: PortRange;
  dataDir: string;
  publicHost: string;
  interpreters: Record<string, string>;
  codeMaxBytes: number;
  codeMaxEntries: number;
  stopGraceMs: number;
  /** How often a running server's time is recorded to the meters. */
  billEveryMs: number;
}

export function funcSettings(config: ServerConfig): FuncSettings {
  const env = config.env;
  return {
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
