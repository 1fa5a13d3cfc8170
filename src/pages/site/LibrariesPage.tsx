import { Table } from 'antd';
import libraries from 'virtual:site-libraries';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { PageHeader } from '../../engine/PageHeader';
import { SiteShell } from './SiteShell';
import './site-texts';

type Library = (typeof libraries)[number];

/** `/policy/libraries-agora`: the open-source packages the product runs on and their licences, listed at build time. */
export default function LibrariesPage() {
  const { t } = useLocale();
  usePageTitle(t('sitePages.policy.libraries'));
  return (
    <SiteShell width={1080}>
      <PageHeader title={t('sitePages.policy.libraries')} subtitle={t('sitePages.policy.librariesIntro')} />
      <p>{t('sitePages.policy.count', { count: libraries.length })}</p>
      <Table<Library>
        data-testid="libraries-table"
        rowKey={(l) => `${l.name}@${l.version}`}
        dataSource={libraries}
        size="small"
        scroll={{ x: 640 }}
        pagination={{ defaultPageSize: 50, showSizeChanger: true }}
        columns={[
          { key: 'name', title: t('sitePages.policy.name'), dataIndex: 'name' },
          { key: 'version', title: t('sitePages.policy.version'), dataIndex: 'version' },
          { key: 'license', title: t('sitePages.policy.license'), dataIndex: 'license' },
          {
            key: 'link',
            title: t('sitePages.policy.link'),
            render: (_, l) => (
              <a href={l.link} target="_blank" rel="noreferrer noopener">
                {l.link.replace(/^https?:\/\//, '')}
              </a>
            ),
          },
        ]}
      />
    </SiteShell>
  );
}
