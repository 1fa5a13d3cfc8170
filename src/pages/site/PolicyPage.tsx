import { useParams } from 'react-router';
import { Alert, Skeleton } from 'antd';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { markdownTitle } from '../doc/markdown-render';
import NotFoundPage from '../NotFoundPage';
import { SiteMarkdown, useSiteMarkdown } from './SiteMarkdown';
import { SiteShell } from './SiteShell';
import './site-texts';

/** The policies written as Markdown (`docs/site/<lang>/policy/<name>.md`). */
export const POLICIES = ['privacy', 'tos', 'id', 'sla'] as const;

/** `/policy/:name`: a policy in the current language. */
export default function PolicyPage() {
  const { t } = useLocale();
  const { name = '' } = useParams();
  const known = (POLICIES as readonly string[]).includes(name);
  const source = useSiteMarkdown(known ? `policy/${name}` : undefined);
  usePageTitle((source && markdownTitle(source)) || (known ? t(`sitePages.policy.names.${name}`) : ''));
  if (!known) return <NotFoundPage />;
  return (
    <SiteShell width={880}>
      {source === undefined && <Skeleton active paragraph={{ rows: 10 }} />}
      {source === null && (
        <>
          <h1>{t(`sitePages.policy.names.${name}`)}</h1>
          <Alert type="info" showIcon message={t('sitePages.policy.missing')} />
        </>
      )}
      {source && <SiteMarkdown source={source} />}
    </SiteShell>
  );
}
