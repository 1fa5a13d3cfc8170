/**
 * The contract tests for declared resources (tests/api/contract-suite.ts) through two server processes on one
 * database, requests alternating between them over HTTP: nothing is shared between the two but the database, so a
 * cache, counter or index kept in one process's memory shows here as a wrong answer from the other.
 */
import { afterAll, beforeAll } from 'vitest';
import { describeContract } from '../api/contract-suite';
import type { Harness } from '../api/harness';
import { contractHarness } from './contract-harness';
import { startTwoProcesses, type ProcessPair } from './process-pair';

let pair: ProcessPair;
let h: Harness;

beforeAll(async () => {
  pair = await startTwoProcesses();
  h = await contractHarness(pair.local, pair, pair.alternate, () => pair.close());
}, 180_000);

afterAll(async () => {
  await pair?.close();
});

describeContract(() => h, { jobsRun: true });
