/**
 * Where each engine's databases live on this deployment (README "Managed databases"): on the server the operator
 * configured for the engine and region (its entry in STORAGE_<ENGINE>_REGION_URLS, else STORAGE_<ENGINE>_URL, for
 * PostgreSQL, MySQL, Redis and MongoDB); PostgreSQL without one is embedded (`embedded-pg.ts`, port
 * STORAGE_POSTGRESQL_PORT, shown host STORAGE_PUBLIC_HOST). An engine with neither is not offered, and a create says so.
 */
import { join } from 'node:path';
import { ENGINES, type Engine } from '../../../resources/storage/catalog';
import type { ServerConfig } from '../../config';
import { ConfiguredMongo } from './configured-mongo';
import { ConfiguredMysql } from './configured-mysql';
import { ConfiguredPostgres } from './configured-pg';
import { ConfiguredRedis } from './configured-redis';
import { EmbeddedPostgres, type TargetLookup } from './embedded-pg';
import type { ManagedServer } from './managed-server';

interface Configurable {
  /** STORAGE_<ENGINE>_URL: the server for every region. */
  url: (env: NodeJS.ProcessEnv) => string | undefined;
  /** STORAGE_<ENGINE>_REGION_URLS: `region=url` entries separated by white space, each region's own server. */
  regions: (env: NodeJS.ProcessEnv) => string | undefined;
  make: (adminUrl: string, env: NodeJS.ProcessEnv) => ManagedServer;
}

/** The engines a server may be configured for: their variables (read by name) and their server's kind. */
const CONFIGURABLE: Partial<Record<Engine, Configurable>> = {
  postgresql: { url: (env) => env.STORAGE_POSTGRESQL_URL, regions: (env) => env.STORAGE_POSTGRESQL_REGION_URLS, make: (url) => new ConfiguredPostgres(url) },
  mysql: { url: (env) => env.STORAGE_MYSQL_URL, regions: (env) => env.STORAGE_MYSQL_REGION_URLS, make: (url) => new ConfiguredMysql(url) },
  redis: { url: (env) => env.STORAGE_REDIS_URL, regions: (env) => env.STORAGE_REDIS_REGION_URLS, make: (url) => new ConfiguredRedis(url) },
  mongodb: {
    url: (env) => env.STORAGE_MONGODB_URL,
    regions: (env) => env.STORAGE_MONGODB_REGION_URLS,
    make: (url, env) => new ConfiguredMongo(url, Number(env.STORAGE_MONGODB_SLOW_MS) >= 0 && env.STORAGE_MONGODB_SLOW_MS ? Number(env.STORAGE_MONGODB_SLOW_MS) : undefined),
  },
};

function regionUrls(env: NodeJS.ProcessEnv, engine: Configurable): Map<string, string> {
  const entries = (engine.regions(env) ?? '').split(/\s+/).filter(Boolean);
  return new Map(entries.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)] as [string, string]).filter(([r, u]) => r && u));
}

/** The administrator URL configured for the engine in the region, if any. */
export function adminUrl(env: NodeJS.ProcessEnv, engine: Engine, region: string): string | undefined {
  const configurable = CONFIGURABLE[engine];
  if (!configurable) return undefined;
  return regionUrls(env, configurable).get(region) || configurable.url(env) || undefined;
}

/** The engines a database may be created with in the region on this deployment (PostgreSQL always: embedded). */
export const enginesIn = (env: NodeJS.ProcessEnv, region: string): Engine[] =>
  ENGINES.map((e) => e.id).filter((engine) => engine === 'postgresql' || adminUrl(env, engine, region) !== undefined);

/** Why a database of this engine cannot be created in the region, or undefined. */
export function engineProblem(env: NodeJS.ProcessEnv, engine: string, region: string): string | undefined {
  if (enginesIn(env, region).includes(engine as Engine)) return undefined;
  const name = ENGINES.find((e) => e.id === engine)?.name ?? engine;
  return `${name} databases are not available on this deployment: no ${name} server is configured`;
}

/** The database servers of one running Lodestar: the embedded PostgreSQL and the configured servers it signs in to. */
export class StorageServers {
  readonly embedded: EmbeddedPostgres;
  readonly publicHost: string;
  private readonly configured = new Map<string, ManagedServer>();

  constructor(private readonly config: ServerConfig, lookup: TargetLookup) {
    const env = config.env;
    this.publicHost = env.STORAGE_PUBLIC_HOST || (config.publicUrl ? new URL(config.publicUrl).hostname : 'localhost');
    this.embedded = new EmbeddedPostgres(join(config.dataDir, 'storage', 'postgresql'), { host: config.host, port: Number(env.STORAGE_POSTGRESQL_PORT ?? 5433) }, lookup);
  }

  /** The configured server of the engine in the region, or undefined (PostgreSQL's databases are then embedded). */
  serverFor(engine: string, region: string): ManagedServer | undefined {
    const url = adminUrl(this.config.env, engine as Engine, region);
    return url ? this.server(engine as Engine, url) : undefined;
  }

  /** Every configured server of every engine (a deleted database is looked for on each). */
  allConfigured(): ManagedServer[] {
    const env = this.config.env;
    return Object.entries(CONFIGURABLE).flatMap(([engine, configurable]) => {
      const all = configurable.url(env);
      const urls = new Set([...regionUrls(env, configurable).values(), ...(all ? [all] : [])]);
      return [...urls].map((url) => this.server(engine as Engine, url));
    });
  }

  private server(engine: Engine, url: string): ManagedServer {
    const key = `${engine} ${url}`;
    let server = this.configured.get(key);
    if (!server) this.configured.set(key, (server = CONFIGURABLE[engine]!.make(url, this.config.env)));
    return server;
  }

  async close(): Promise<void> {
    await this.embedded.close();
  }
}
