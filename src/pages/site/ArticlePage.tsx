import { Link } from 'react-router';
import { Card, Col, Row } from 'antd';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { SiteShell } from './SiteShell';
import { useCatalogue } from './useCatalogue';
import './site-texts';

/** `/article`: the platform's articles, which are its documentation: the overview, billing, and each service's pages. */
export default function ArticlePage() {
  const { t, text } = useLocale();
  usePageTitle(t('sitePages.article.title'));
  const { services } = useCatalogue();
  const documented = [...new Map((services ?? []).filter((s) => s.docPage).map((s) => [s.docPage!, s])).values()];
  return (
    <SiteShell width={1080}>
      <PageHeader title={t('sitePages.article.title')} subtitle={t('sitePages.article.intro')} />
      <p>
        <Link to="/doc">{t('sitePages.nav.docs')}</Link> · <Link to="/doc/bill/pricing">{t('sitePages.nav.pricing')}</Link>
      </p>
      <Row gutter={[16, 16]}>
        {documented.map((s) => (
          <Col key={s.docPage} xs={24} sm={12} lg={8}>
            <Card size="small" style={{ height: '100%' }}>
              <h2 style={{ marginTop: 0, fontSize: 16 }}>
                <Link to={s.docPage!}>{text(s.label)}</Link>
              </h2>
              <p style={{ margin: 0 }}>{text(s.description)}</p>
            </Card>
          </Col>
        ))}
      </Row>
    </SiteShell>
  );
}
