import { Link, useParams } from 'react-router';
import { Col, Row } from 'antd';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import NotFoundPage from '../NotFoundPage';
import { ServiceCard } from './ServiceCard';
import { SiteShell } from './SiteShell';
import { useCatalogue } from './useCatalogue';
import './site-texts';

/** The partner pages and the platform services each relates to. */
const PARTNERS: Record<string, string[]> = { xasset: ['asset-streaming'], 'pal-world': ['multiverse'] };

/** `/partner/:name`: what the partnership is about and the services it relates to, with their availability here. */
export default function PartnerPage() {
  const { t } = useLocale();
  const { name = '' } = useParams();
  const related = PARTNERS[name];
  usePageTitle(related ? t(`sitePages.partner.${name}.title`) : '');
  const { services } = useCatalogue();
  if (!related) return <NotFoundPage />;
  return (
    <SiteShell width={1080}>
      <PageHeader title={t(`sitePages.partner.${name}.title`)} subtitle={t(`sitePages.partner.${name}.description`)} />
      <h2 style={{ fontSize: 18 }}>{t('sitePages.partner.related')}</h2>
      <Row gutter={[16, 16]}>
        {services
          ?.filter((s) => related.includes(s.name))
          .map((s) => (
            <Col key={s.name} xs={24} md={12}>
              <ServiceCard service={s} />
            </Col>
          ))}
      </Row>
      <p style={{ marginTop: 24 }}>
        <Link to={`/contact-us?content=${encodeURIComponent(t(`sitePages.partner.${name}.title`))}`}>{t('sitePages.partner.contact')}</Link>
      </p>
    </SiteShell>
  );
}
