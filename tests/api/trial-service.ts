import { services } from '../../resources';
import type { CatalogueEntry, ServiceDecl } from '../../resources/types';
import { createApp } from '../../server/platform/accounts';
import { serviceModules, type ServiceModule } from '../../server/services';
import { basicOf, startHarness, type Harness } from './harness';

/** The catalogue entry of a service a test declares for itself. */
export const trialCatalogue: CatalogueEntry = {
  icon: 'AudioOutlined',
  displayName: { 'zh-CN': '试用', en: 'Trial' },
  label: { 'zh-CN': '试用', en: 'Trial' },
  description: { 'zh-CN': '仅用于测试的服务。', en: 'A service for this test only.' },
  mainService: false,
};

/** A service named `trial` under `/utrial/v1`, declared by one test file with its own resources and calls. */
export const trialService = (decl: Pick<ServiceDecl, 'resources'> & Partial<ServiceDecl>): ServiceDecl => ({
  name: 'trial',
  base: '/utrial/v1',
  convention: 'rest',
  catalogue: trialCatalogue,
  ...decl,
});

/**
 * A server with the declared services and the test's `trial` (given its behaviour by `module`), and an app of the
 * demo organisation with `trial` enabled, with its credential.
 */
export async function startTrial(trial: ServiceDecl, module?: ServiceModule): Promise<{ h: Harness; appId: string; basic: string }> {
  const h = await startHarness({ services: [...services, trial], ...(module ? { modules: [...serviceModules, module] } : {}) });
  const org = (await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [h.appId])).rows[0].org_id;
  const appId = await createApp(h.db, org, 'Trial Game', ['trial']);
  const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [appId])).rows[0];
  return { h, appId, basic: basicOf(appId, secret.app_service_secret) };
}
