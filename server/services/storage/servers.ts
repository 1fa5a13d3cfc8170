/**
 * Where each engine's databases live on this deployment (README "Managed databases"): PostgreSQL on the server the
 * operator configured for the region (its entry in STORAGE_POSTGRESQL_REGION_URLS, else STORAGE_POSTGRESQL_URL), else embedded
 * (`embedded-pg.ts`, port STORAGE_POSTGRESQL_PORT, shown host STORAGE_PUBLIC_HOST). The other engines have no server
 * on this deployment yet, and say so.
 */
import { join } from 'node:path';
import { ENGINES, type Engine } from '../../../resources/storage/catalog';
import type { ServerConfig } from '../../config';
import { ConfiguredPostgres } from './configured-pg';
import { EmbeddedPostgres, type TargetLookup } from './embedded-pg';

/** STORAGE_POSTGRESQL_REGION_URLS: `region=url` entries separated by white space, each region's own server. */
function regionUrls(env: NodeJS.ProcessEnv): Map<string, string> {
  const entries = (env.STORAGE_POSTGRESQL_REGION_URLS ?? '').split(/\s+/).filter(Boolean);
  return new Map(entries.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)] as [string, string]).filter(([r, u]) => r && u));
}

/** The administrator URL configured for PostgreSQL in the region, if any. */
export function postgresAdminUrl(env: NodeJS.ProcessEnv, region: string): string | undefined {
  return regionUrls(env).get(region) || env.STORAGE_POSTGRESQL_URL || undefined;
}

/** The engines a database may be created with in the region on this deployment. */
export const enginesIn = (_env: NodeJS.ProcessEnv, _region: string): Engine[] => ['postgresql'];

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
  private readonly configured = new Map<string, ConfiguredPostgres>();

  constructor(private readonly config: ServerConfig, lookup: TargetLookup) {
    const env = config.env;
    this.publicHost = env.STORAGE_PUBLIC_HOST || (config.publicUrl ? new URL(config.publicUrl).hostname : 'localhost');
    this.embedded = new EmbeddedPostgres(join(config.dataDir, 'storage', 'postgresql'), { host: config.host, port: Number(env.STORAGE_POSTGRESQL_PORT ?? 5433) }, lookup);
  }

  /** The configured PostgreSQL server of the region, or undefined when its databases are embedded. */
  postgresIn(region: string): ConfiguredPostgres | undefined {
    const url = postgresAdminUrl(this.config.env, region);
    if (!url) return undefined;
    let server = this.configured.get(url);
    if (!server) this.configured.set(url, (server = new ConfiguredPostgres(url)));
    return server;
  }

  /** Every configured PostgreSQL server (a deleted database is looked for on each). */
  allConfigured(): ConfiguredPostgres[] {
    const env = this.config.env;
    const urls = new Set([...regionUrls(env).values(), ...(env.STORAGE_POSTGRESQL_URL ? [env.STORAGE_POSTGRESQL_URL] : [])]);
    return [...urls].map((url) => this.configured.get(url) ?? new ConfiguredPostgres(url));
  }

  async close(): Promise<void> {
    await this.embedded.close();
  }
}
