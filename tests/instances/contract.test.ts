/**
 * The contract tests for declared resources (tests/api/contract-suite.ts) through two instances on one database:
 * every request goes to the other instance than the one before, so each record is created on one and read, changed
 * and refused on the other. What the tests read or write directly is instance A's.
 */
import { afterAll, beforeAll } from 'vitest';
import { describeContract } from '../api/contract-suite';
import type { Harness } from '../api/harness';
import { contractHarness } from './contract-harness';
import { startTwoInstances, type TwoInstances } from './two-instances';

let two: TwoInstances;
let h: Harness;

beforeAll(async () => {
  two = await startTwoInstances();
  h = await contractHarness(two.a, two, (opts) => two.alternate().req(opts), () => two.close());
});

afterAll(async () => {
  await two?.close();
});

describeContract(() => h);
