import { defineConfig } from 'vitest/config';
import { formValidators } from './scripts/form-validators.ts';

export default defineConfig({
  test: {
    projects: [
      // The unit tests load console code, whose forms import the checks the build compiles.
      { plugins: [formValidators()], test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', setupFiles: ['tests/load-services.ts'] } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/load-services.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own in-memory database; two at a time fits a 2-core machine.
          maxWorkers: 2,
          // The files of a worker share its loaded modules (the server's code is loaded once per worker, not per
          // file); each file still builds its own server on its own database.
          isolate: false,
        },
      },
      {
        test: {
          // Two instances on one PostgreSQL (DATABASE_URL): without it these fail, saying so. Not part of `npm test`;
          // .ci/run runs them with the API suite on PostgreSQL.
          name: 'instances',
          include: ['tests/instances/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // The real server as a child process, killed and restarted; PostgreSQL clusters of the tests' own.
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/load-services.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own server from a copy of the seeded data directory, and its own browser: two at a time
          // keep both cores busy (a file alone leaves one mostly idle while the browser waits on the server).
          maxWorkers: 2,
          // A screen polled for a change (a list refreshed, a page reloaded) may take seconds on a loaded machine: the
          // bound is for liveness, not a measurement.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
