import { DEMO_USER } from '../../server/demo';
import type { StartedInstance } from '../../server/start';
import { createOtherApp, declaredTable, serviceRequest, type Harness } from '../api/harness';

/**
 * The contract suite's harness (tests/api/harness.ts) over several instances: requests through `req` (which picks
 * the instance), what the tests read or write directly through `local`'s database and store. Sign-ins go through
 * `req` too: the session is in the database, good on every instance.
 */
export async function contractHarness(
  local: Pick<StartedInstance, 'app' | 'db' | 'ctx' | 'api'>,
  demo: { appId: string; basic: string },
  req: Harness['req'],
  close: () => Promise<void>,
): Promise<Harness> {
  return {
    app: local.app,
    db: local.db,
    ctx: local.ctx,
    api: local.api,
    appId: demo.appId,
    basic: demo.basic,
    ...(await createOtherApp(local.db)),
    req,
    svc: serviceRequest(req, demo.basic),
    tableOf: declaredTable(local.ctx),
    async login(email = DEMO_USER.email, password = DEMO_USER.password, path = '/auth/auth-login') {
      const res = await req({ method: 'POST', url: path, payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    },
    close,
  };
}
