import { useParams } from 'react-router';
import { serviceBuilt } from '../../../resources/playground';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import NotFoundPage from '../NotFoundPage';
import { AppPicker } from './AppPicker';
import { NotAvailable } from './NotAvailable';
import { PlaygroundFrame } from './PlaygroundFrame';
import { SocketPanels } from './SocketPanel';
import { Standalone } from './Standalone';
import { usePlaygroundPage } from './usePlaygroundPage';

/**
 * `/playground/<name>/:appId?` of a service whose playground is only its declaration: the frame with the examples it
 * declares (and its declared sockets to connect to), or — for a service this deployment does not run — the app picker and a plain notice.
 */
export default function PlaygroundPage() {
  const { appId = '' } = useParams();
  const { t, text } = useLocale();
  const found = usePlaygroundPage();
  const title = found ? text(found.page.label) : '';
  usePageTitle(title || undefined);
  if (!found) return <NotFoundPage />;
  const { service, page } = found;
  return (
    <Standalone appId={appId}>
      <PageHeader title={title} subtitle={serviceBuilt(service) ? t('playgrounds.subtitle') : undefined} />
      {serviceBuilt(service) ? (
        <PlaygroundFrame service={service} page={page} appId={appId}>
          {service.sockets && <SocketPanels service={service} />}
        </PlaygroundFrame>
      ) : (
        <>
          <AppPicker route={page.route} appId={appId} />
          <NotAvailable service={service} />
        </>
      )}
    </Standalone>
  );
}
