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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    demo: !production && env.DEMO_DATA !== 'off',
    sessionHours: Number(env.SESSION_HOURS ?? 24 * 7),
    staticDir: env.STATIC_DIR ?? './dist',
    loginFailureLimit: Number(env.LOGIN_FAILURE_LIMIT ?? 5),
    loginFailureWindowMs: Number(env.LOGIN_FAILURE_WINDOW_MS ?? 15 * 60_000),
  };
}
