import { useSearchParams } from 'react-router';
import { Card, Tabs } from 'antd';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';
import { PageHeader } from './PageHeader';
import { ResourceTable } from './ResourceTable';
import { SettingsForm } from './SettingsForm';
import type { DeclaredResource } from '../../providers/declarations';
import { isServiceEnabled, listRoutes, serviceOfRoute } from './routes';
import { ServiceNotEnabled } from './ServiceNotEnabled';
import { useCurrentAppState } from '../lib/currentApp';

/** A resource's screen on its list route: a singleton's settings form, else its list. */
const screenOf = (r: DeclaredResource) => (r.decl.singleton ? <SettingsForm declared={r} /> : <ResourceTable declared={r} />);

/**
 * A declared list route. One resource: its list (or its settings form). Several resources declaring the same
 * route: one tab each, the open tab kept in the address (`?tab=`) so links and the back button return to it. A
 * route of a service the app has not enabled (its menu does not show it, but an address can) says so instead; an
 * administrator sees the screen.
 */
export default function ResourceListPage({ route }: { route: string }) {
  const { text } = useLocale();
  const [params, setParams] = useSearchParams();
  const resources = listRoutes().find((r) => r.route === route)?.resources ?? [];
  const service = serviceOfRoute(route);
  const menuLabel = service?.menu?.find((m) => m.route === route)?.label;
  const title = menuLabel ? text(menuLabel) : text(resources[0]?.decl.label);
  // The service's description introduces its first screen; on the others it would only repeat itself.
  const first = service?.menu?.[0]?.route === route;
  usePageTitle(title);
  const current = useCurrentAppState();
  const off = !!service && !!current?.app && !current.isAdmin && !isServiceEnabled(current.app, service);
  const active = resources.find((r) => r.decl.name === params.get('tab'))?.decl.name ?? resources[0]?.decl.name;

  return (
    <>
      <PageHeader title={title} subtitle={service && first ? text(service.catalogue.description) : undefined} />
      <Card styles={{ body: { paddingTop: resources.length > 1 ? 8 : 24 } }}>
        {off ? (
          <ServiceNotEnabled service={service} />
        ) : resources.length > 1 ? (
          <Tabs
            activeKey={active}
            onChange={(tab) => setParams({ tab }, { replace: true })}
            destroyOnHidden
            items={resources.map((r) => ({ key: r.decl.name, label: text(r.decl.label), children: screenOf(r) }))}
          />
        ) : (
          resources[0] && screenOf(resources[0])
        )}
      </Card>
    </>
  );
}
