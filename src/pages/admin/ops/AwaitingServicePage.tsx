import { Card, Empty, Space, Tag, Typography } from 'antd';
import { findService } from '../../../../resources';
import { PageHeader } from '../../../engine/PageHeader';
import { iconOf } from '../../../lib/icons';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';

/** The administrator pages that belong to a service's back office, and the service each waits for. */
export type AwaitingPage = 'placeholder' | 'sync-management';

/**
 * An administrator page whose content is another service's: until that service runs here, an honest empty
 * state saying which service it belongs to and what it will show. When the service declares resources, they
 * are named with where to manage them.
 */
export function AwaitingServicePage({ page, service: serviceName }: { page: AwaitingPage; service: string }) {
  const { t, text } = useLocale();
  const service = findService(serviceName);
  const name = service ? text(service.catalogue.displayName) : serviceName;
  const title = t(`ops.awaiting.pages.${page}.title`);
  usePageTitle(title);
  const resources = service?.resources ?? [];

  return (
    <>
      <PageHeader
        title={title}
        subtitle={service ? text(service.catalogue.description) : undefined}
        tags={
          <Tag icon={iconOf(service?.catalogue.icon)} data-testid="awaiting-service">
            {t('ops.awaiting.backend', { service: name })}
          </Tag>
        }
      />
      <Card data-testid={`awaiting-${page}`}>
        {resources.length ? (
          <Space direction="vertical">
            <Typography.Text>{t('ops.awaiting.declared', { service: name })}</Typography.Text>
            <Space wrap>
              {resources.map((r) => (
                <Tag key={r.name}>{text(r.label)}</Tag>
              ))}
            </Space>
          </Space>
        ) : (
          <Empty description={t('ops.awaiting.body', { service: name, what: t(`ops.awaiting.pages.${page}.what`) })} />
        )}
      </Card>
    </>
  );
}
