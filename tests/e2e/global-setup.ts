import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory a server seeded the demo in and stopped: each file's server starts from a copy. */
    e2eSeededDataDir: string;
  }
}

/** Seeds the demo once for the whole run, as a server's first start does, instead of once per test file. */
export default async function setup(project: TestProject) {
  const first = await startServer({ fresh: true });
  await first.stop(true);
  project.provide('e2eSeededDataDir', first.dataDir);
  return () => rmSync(first.dataDir, { recursive: true, force: true });
}
