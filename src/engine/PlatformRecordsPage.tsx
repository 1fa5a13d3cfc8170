import { Card, Tag } from 'antd';
import type { DeclaredResource } from '../../providers/declarations';
import { iconOf } from '../lib/icons';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';
import { PageHeader } from './PageHeader';
import { ResourceTable } from './ResourceTable';

/**
 * The back-office page of a platform-scoped resource (`ResourceDecl.routes.admin`, `scope: 'platform'`): the
 * platform's one set of its records, in the engine's table with its create and edit forms, for administrators.
 */
export function PlatformRecordsPage({ declared }: { declared: DeclaredResource }) {
  const { t, text } = useLocale();
  const { service, decl } = declared;
  const title = text(decl.label);
  usePageTitle(title);
  const name = text(service.catalogue.displayName);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('ops.platformRecords', { service: name })}
        tags={
          <Tag icon={iconOf(service.catalogue.icon)} data-testid="platform-records-service">
            {t('ops.belongsTo.backend', { service: name })}
          </Tag>
        }
      />
      <Card data-testid={`platform-records-${decl.name}`}>
        <ResourceTable declared={declared} />
      </Card>
    </>
  );
}
