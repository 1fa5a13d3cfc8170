/** The contract tests for declared resources (contract-suite.ts), against one server. */
import { afterAll, beforeAll } from 'vitest';
import { describeContract } from './contract-suite';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describeContract(() => h);
