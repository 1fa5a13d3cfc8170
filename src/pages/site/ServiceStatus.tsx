import { Tag } from 'antd';
import { useLocale } from '../../lib/useLocale';
import './site-texts';

/** Whether a service can be used in this deployment, said plainly. */
export function ServiceStatus({ available }: { available: boolean }) {
  const { t } = useLocale();
  return (
    <Tag color={available ? 'green' : 'default'} data-testid={available ? 'service-available' : 'service-unavailable'} style={{ marginInlineEnd: 0 }}>
      {available ? t('sitePages.status.available') : t('sitePages.status.unavailable')}
    </Tag>
  );
}
