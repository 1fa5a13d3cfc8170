import { loadSiteDomains, parseAuthProviders, type AuthProviderConfig, type SiteDomains } from './auth/settings';
import { loadPaymentSettings, type PaymentSettings } from './payments/settings';

/** Server settings from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  production: boolean;
  /** Seed demo data on an empty database. */
  demo: boolean;
  /** Session lifetime in hours. */
  sessionHours: number;
  /** Where the built console lives. */
  staticDir: string;
  /** Failed sign-ins allowed per address and e-mail within the window before 429. */
  loginFailureLimit: number;
  loginFailureWindowMs: number;
  /** The console's public address (links in e-mails); by default the address a request came to. */
  publicUrl?: string;
  /** `smtp://user:pass@host:port` or `smtps://…`; without it e-mails are written to the server log. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where contact-us messages and consultation tickets are sent. */
  supportEmail: string;
  /** prod or anything else (spec 000 §3 Environment; default dev). */
  environment: string;
  /** The current terms-of-use version; users who accepted an older one are asked again. */
  policyVersion: string;
  /** E-mail domain of the provider's own staff (internal users). */
  internalDomain: string;
  /** Hosts on which the console reports page views (never on admin pages). */
  analyticsHosts: string[];
  /** Where page views are sent (with navigator.sendBeacon); none means no reporting. */
  analyticsEndpoint?: string;
  /** Local blob storage directory (uploads), unless S3 is configured. */
  blobDir: string;
  /** This server is one of several on one database (SEVERAL_INSTANCES=on): start-up refuses what one process alone may keep. */
  severalInstances: boolean;
  /** How long an instance holds a job it claimed before another may take it over (JOB_LEASE_MS; engine/jobs.ts). */
  jobLeaseMs: number;
  /** Redis (REDIS_URL), where Sync's instances find each other's rooms and seats; needed by SEVERAL_INSTANCES=on. */
  redisUrl?: string;
  /** How long an instance's hold on the Sync rooms it hosts lasts unrenewed before another closes them (SYNC_LEASE_MS). */
  syncLeaseMs: number;
  /** The operator declares BLOB_DIR a volume every instance mounts (BLOB_DIR_SHARED=on). */
  blobDirShared: boolean;
  /** Signs upload grants and other server-issued tokens. */
  secretKey: string;
  /** Largest upload an upload grant allows, in bytes (UPLOAD_LIMIT_MB, default 100). */
  uploadLimitBytes: number;
  /**
   * Safe's external hardening command (SAFE_HARDEN_COMMAND), run by a shell on each package an app protects with it:
   * `$PACKAGE` is the uploaded package's path, `$OUTPUT` where a hardened package may be written. None by default.
   */
  safeHardenCommand: string;
  /** S3-compatible blob storage instead of local files, when S3_BUCKET is set. */
  s3?: S3Settings;
  /** Contact-us messages allowed per address (IP and e-mail) within the window before 429. */
  contactLimit: number;
  contactWindowMs: number;
  /** External sign-in providers (AUTH_PROVIDERS, a JSON array); none by default. */
  authProviders: AuthProviderConfig[];
  /** Whether visitors may create accounts themselves (SIGN_UP=off turns it off). */
  signUp: boolean;
  /** The domains GET /auth/base-info announces; empty ones mean this server's public address. */
  siteDomains: SiteDomains;
  /** Alipay or the payment sandbox, the remittance note, the invoice seller (server/payments/settings.ts). */
  payments: PaymentSettings;
  /** The documentation's Markdown pages (`<lang>/<path>.md`) the knowledge assistant answers from (DOCS_DIR). */
  docsDir: string;
  /** The OpenAI-compatible endpoint the knowledge assistant writes answers with; without it, answers are extracts. */
  languageModel?: LanguageModelSettings;
  env: NodeJS.ProcessEnv;
}

/** An OpenAI-compatible chat completions endpoint (AI_API_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS). */
export interface LanguageModelSettings {
  /** The API's base address; the server posts to `<url>/chat/completions`. */
  url: string;
  key: string;
  model: string;
  /** How long an answer may take before the extract is given instead. */
  timeoutMs: number;
}

function loadLanguageModel(env: NodeJS.ProcessEnv): LanguageModelSettings | undefined {
  if (!env.AI_API_URL) return undefined;
  return { url: env.AI_API_URL, key: env.AI_API_KEY ?? '', model: env.AI_MODEL || 'gpt-4o-mini', timeoutMs: Number(env.AI_TIMEOUT_MS ?? 20_000) };
}

/** An S3-compatible bucket (S3_ENDPOINT may be left out for AWS itself). */
export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

function loadS3(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  };
}

const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = env.DATA_DIR ?? './data';
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    demo: !production && env.DEMO_DATA !== 'off',
    sessionHours: Number(env.SESSION_HOURS ?? 24 * 7),
    staticDir: env.STATIC_DIR ?? './dist',
    loginFailureLimit: Number(env.LOGIN_FAILURE_LIMIT ?? 5),
    loginFailureWindowMs: Number(env.LOGIN_FAILURE_WINDOW_MS ?? 15 * 60_000),
    publicUrl: env.PUBLIC_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Lodestar <no-reply@lodestar.local>',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@lodestar.local',
    environment: env.LODESTAR_ENV ?? 'dev',
    policyVersion: env.POLICY_VERSION ?? '2026-01',
    internalDomain: env.INTERNAL_EMAIL_DOMAIN ?? 'lodestar.local',
    analyticsHosts: list(env.ANALYTICS_HOSTS),
    analyticsEndpoint: env.ANALYTICS_ENDPOINT || undefined,
    blobDir: env.BLOB_DIR ?? `${dataDir}/blobs`,
    severalInstances: env.SEVERAL_INSTANCES === 'on',
    jobLeaseMs: Number(env.JOB_LEASE_MS ?? 60_000),
    blobDirShared: env.BLOB_DIR_SHARED === 'on',
    redisUrl: env.REDIS_URL || undefined,
    syncLeaseMs: Number(env.SYNC_LEASE_MS ?? 15_000),
    secretKey: env.SECRET_KEY ?? '',
    uploadLimitBytes: Number(env.UPLOAD_LIMIT_MB ?? 100) * 1_000_000,
    safeHardenCommand: env.SAFE_HARDEN_COMMAND ?? '',
    s3: loadS3(env),
    contactLimit: Number(env.CONTACT_US_LIMIT ?? 5),
    contactWindowMs: Number(env.CONTACT_US_WINDOW_MS ?? 10 * 60_000),
    authProviders: parseAuthProviders(env.AUTH_PROVIDERS),
    signUp: env.SIGN_UP !== 'off',
    siteDomains: loadSiteDomains(env),
    payments: loadPaymentSettings(env, production),
    docsDir: env.DOCS_DIR ?? './docs/site',
    languageModel: loadLanguageModel(env),
    env,
  };
}

/**
 * Why this configuration cannot run as one of several instances (README, Running several instances; ADR 0018):
 * each instance would keep its own embedded database, or its own uploads in a local directory no other instance
 * reads, or Sync rooms no other instance could find without Redis (ADR 0036). Empty when it can, or when the server
 * is not declared one of several.
 */
export function severalInstancesProblems(config: ServerConfig): string[] {
  if (!config.severalInstances) return [];
  const problems: string[] = [];
  if (!config.databaseUrl) {
    problems.push('SEVERAL_INSTANCES=on needs DATABASE_URL: the embedded database belongs to one process and is not shared.');
  }
  if (!config.s3 && !config.blobDirShared) {
    problems.push(
      `SEVERAL_INSTANCES=on needs S3-compatible storage for uploads (S3_BUCKET, S3_ENDPOINT...): a file uploaded to this instance's ` +
        `directory ${config.blobDir} could not be read through another. If every instance mounts that directory as one shared ` +
        `volume, say so with BLOB_DIR_SHARED=on.`,
    );
  }
  if (!config.redisUrl) {
    problems.push('SEVERAL_INSTANCES=on needs REDIS_URL: a Sync room lives in the instance hosting it, and the others find it and its seats through Redis.');
  }
  return problems;
}
