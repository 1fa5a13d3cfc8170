import { Link, useParams } from 'react-router';
import { Button } from 'antd';
import { LazyResult } from '../lib/LazyResult';
import type { ServiceDecl } from '../../resources';
import { useLocale } from '../lib/useLocale';

/**
 * What a service's screen shows, opened by its address, when the app has not enabled the service: the service's
 * name and the way to the app overview, where it is enabled — rather than an empty list or a refused call.
 */
export function ServiceNotEnabled({ service }: { service: ServiceDecl }) {
  const { t, text } = useLocale();
  const { appId = '' } = useParams();
  return (
    <LazyResult
      status="info"
      title={t('org.dashboard.notEnabledTitle', { name: text(service.catalogue.displayName) })}
      subTitle={t('org.dashboard.notEnabledHint')}
      extra={
        <Link to={`/services/${encodeURIComponent(appId)}/dashboard`}>
          <Button type="primary">{t('org.dashboard.toOverview')}</Button>
        </Link>
      }
    />
  );
}
