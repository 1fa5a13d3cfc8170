/**
 * The contract tests for declared resources (tests/api/contract-suite.ts) through two instances on one database:
 * every request goes to the other instance than the one before, so each record is created on one and read, changed
 * and refused on the other.
 */
import { afterAll, beforeAll } from 'vitest';
import { describeContract } from '../api/contract-suite';
import { createOtherApp, serviceRequest, type Harness } from '../api/harness';
import { startTwoInstances, type TwoInstances } from './two-instances';

let two: TwoInstances;
let h: Harness;

beforeAll(async () => {
  two = await startTwoInstances();
  const req: Harness['req'] = (opts) => two.alternate().req(opts);
  h = {
    // What the tests read or write directly (the database, records stored without the API) is instance A's.
    app: two.a.app,
    db: two.a.db,
    ctx: two.a.ctx,
    api: two.a.api,
    appId: two.appId,
    basic: two.basic,
    ...(await createOtherApp(two.a.db)),
    req,
    svc: serviceRequest(req, two.basic),
    login: (email, password, path) => two.login(two.alternate(), email, password, path),
    close: () => two.close(),
  };
});

afterAll(async () => {
  await two?.close();
});

describeContract(() => h);
