import type { ServiceModule } from '../index';
import { appCalls, mountManifestDownload } from './app-calls';
import { boardCalls } from './boards';
import { safeDemoModule } from './demo';
import { SERVICE } from './models';
import { protect } from './protect';
import { protectionJob } from './protection-job';
import { sha1Hooks } from './sha1-hooks';
import { usageCalls } from './usage';

/**
 * Safe (package checks): packages read by the package reader (`server/packages/`), their risks, the SHA-1 list,
 * protection jobs and their signed integrity manifests, the boards and usage. Its records and calls are declared in
 * `resources/safe/`.
 */
export const safeModule: ServiceModule = {
  service: SERVICE,
  hooks: { sha1: sha1Hooks },
  mount: mountManifestDownload,
  jobs: (ctx) => [protectionJob(ctx)],
  calls: (ctx) => ({ ...appCalls(ctx), ...boardCalls(ctx), ...usageCalls(ctx), protect: (call) => protect(ctx, call) }),
};

export const safeModules: ServiceModule[] = [safeModule, safeDemoModule];
