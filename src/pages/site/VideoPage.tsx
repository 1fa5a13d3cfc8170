import { Link } from 'react-router';
import { Empty, List } from 'antd';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { SiteShell } from './SiteShell';
import { useCatalogue } from './useCatalogue';
import './site-texts';

/** `/video`: the services' introduction videos, as their declarations give them (`catalogue.video`). */
export default function VideoPage() {
  const { t, text } = useLocale();
  usePageTitle(t('sitePages.video.title'));
  const { services } = useCatalogue();
  const videos = services?.filter((s) => s.video) ?? [];
  return (
    <SiteShell width={880}>
      <PageHeader title={t('sitePages.video.title')} subtitle={t('sitePages.video.intro')} />
      {services && videos.length === 0 && <Empty description={t('sitePages.video.none')} />}
      {videos.length > 0 && (
        <List
          dataSource={videos}
          renderItem={(s) => (
            <List.Item>
              <List.Item.Meta title={s.productPage ? <Link to={s.productPage}>{text(s.displayName)}</Link> : text(s.displayName)} description={text(s.description)} />
              <a href={s.video} target="_blank" rel="noreferrer noopener">
                {t('sitePages.video.watch')}
              </a>
            </List.Item>
          )}
        />
      )}
    </SiteShell>
  );
}
